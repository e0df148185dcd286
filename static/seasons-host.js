// Host console: show only the chosen game's options (every fieldset stays visible without JavaScript).
(function () {
  var game = document.getElementById("id_game");
  if (!game) return;
  function show() {
    document.querySelectorAll(".game-options").forEach(function (f) { f.hidden = f.dataset.game !== game.value; });
  }
  game.addEventListener("change", show);
  show();
})();

// An order option (ABC's X order): its place selects show only when the host chooses the order,
// one per chosen player, each offering only the players ticked for the match.
(function () {
  var places = document.querySelectorAll("select.order-place");
  if (!places.length) return;
  function ticked() {
    return Array.prototype.map.call(document.querySelectorAll('input[name="players"]:checked'), function (b) { return b.value; });
  }
  function update() {
    var chosen = ticked();
    var byOption = {};
    places.forEach(function (s) { (byOption[s.dataset.orderOf] = byOption[s.dataset.orderOf] || []).push(s); });
    Object.keys(byOption).forEach(function (name) {
      var selects = byOption[name];
      var way = document.querySelector('input[type="radio"][name$="' + name + '"]:checked');
      var show = way && way.value === "chosen";
      selects.forEach(function (s, i) {
        var row = s.closest("p") || s.parentNode;
        row.hidden = !show || i >= Math.max(chosen.length, 1);
        Array.prototype.forEach.call(s.options, function (o) {
          o.hidden = o.disabled = o.value !== "" && chosen.indexOf(o.value) < 0;
        });
        if (s.value && chosen.indexOf(s.value) < 0) s.value = "";
      });
    });
  }
  document.addEventListener("change", function (e) {
    var t = e.target;
    if (t.name === "players" || t.type === "radio") update();
  });
  update();
})();

// "Copy all invites": the textarea's lines to the clipboard, saying so (the textarea stays selectable without it).
(function () {
  document.querySelectorAll("button.copy-all").forEach(function (button) {
    button.addEventListener("click", function () {
      var box = document.getElementById(button.dataset.copy);
      var done = button.parentNode.querySelector(".copy-done");
      function said(text) { if (done) done.textContent = text; }
      if (navigator.clipboard && navigator.clipboard.writeText) {
        navigator.clipboard.writeText(box.value).then(function () { said("Copied."); }, function () {
          box.select(); said("Selected: copy it with your keyboard or menu.");
        });
      } else {
        box.select(); said("Selected: copy it with your keyboard or menu.");
      }
    });
  });
})();

// Join requests reach the console live (issue 46): a "join_request" notice on the host's /ws/me/ redraws the
// "Waiting for" part from the page itself (the roster being typed above it stays as it is).
(function () {
  const part = document.querySelector("[data-live-cast]");
  if (!part || !window.garnetSocket) return;
  function redraw() {
    fetch(location.pathname, { credentials: "same-origin" })
      .then(function (r) { return r.ok ? r.text() : null; })
      .then(function (html) {
        if (!html) return;
        const fresh = new DOMParser().parseFromString(html, "text/html").querySelector("[data-live-cast]");
        if (fresh) part.innerHTML = fresh.innerHTML;
      })
      .catch(function () { /* the next request or a reload shows it */ });
  }
  document.addEventListener("DOMContentLoaded", function () {
    window.garnetSocket("/ws/me/", {
      message: function (data) { if (data && data.event === "notice" && data.kind === "join_request") redraw(); },
      resync: redraw,
    });
  });
})();
