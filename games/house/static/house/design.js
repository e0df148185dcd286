// The designer of a dealer's game: show only the inputs that apply. Progressive enhancement: without this
// script every input stays visible, its help text saying when it applies. Hidden inputs stay in the form,
// so a page drawn again after an error keeps what the dealer typed; the server reads only what applies.
//  - [data-field] [data-types="number garnets"]: a field's keys, shown for those field types.
//  - [data-round] [data-when-mechanic] / [data-mechanic="NAME"]: a round's mechanic and that mechanic's params.
//  - [data-round] [data-when-by="best"]: a round's inputs for that way of resolving it.
//  - [data-show-if="ID=v1 v2"]: shown while the select ID has one of those values.
//  - d-turn "custom": the typed turn length.
//  - [data-end-rules="rounds first_to"]: shown for those choices of "The match ends".
//  - [data-kinds="main"]: shown for a Main Match or a Death Match; a switch to a Death Match sets the
//    range the format requires (2 players) and its Tokens of Life to 0 (its outcome is a winner and a loser).
//  - [data-when-param="target"][data-when-values="mean median"]: a mechanic's param shown for those values
//    of another param of the same mechanic.
(function () {
  var form = document.getElementById("design");
  if (!form) return;
  function listed(el, key, value) { return el.dataset[key].split(" ").indexOf(value) >= 0; }
  function setValue(id, value) { var el = document.getElementById(id); if (el) el.value = value; }
  function sync() {
    form.querySelectorAll("[data-field]").forEach(function (fs) {
      var type = fs.querySelector('select[data-role="type"]').value;
      fs.querySelectorAll("[data-types]").forEach(function (el) { el.hidden = !listed(el, "types", type); });
    });
    form.querySelectorAll("[data-round]").forEach(function (r) {
      var by = r.querySelector('select[data-role="by"]').value;
      var mechanic = r.querySelector('select[data-role="mechanic"]').value;
      r.querySelectorAll("[data-when-mechanic]").forEach(function (el) { el.hidden = by !== "mechanic"; });
      r.querySelectorAll("[data-when-by]").forEach(function (el) { el.hidden = el.dataset.whenBy !== by; });
      r.querySelectorAll("[data-mechanic]").forEach(function (el) { el.hidden = el.dataset.mechanic !== mechanic; });
    });
    var turn = document.getElementById("d-turn");
    var custom = document.getElementById("d-turn_seconds-row");
    if (turn && custom) custom.hidden = turn.value !== "custom";
    var rule = form.querySelector('input[name="end_rule"]:checked');
    form.querySelectorAll("[data-end-rules]").forEach(function (el) {
      el.hidden = !!rule && !listed(el, "endRules", rule.value);
    });
    var kind = document.getElementById("d-kind");
    form.querySelectorAll("[data-kinds]").forEach(function (el) {
      el.hidden = !!kind && !listed(el, "kinds", kind.value);
    });
    form.querySelectorAll("[data-show-if]").forEach(function (el) {
      var parts = el.dataset.showIf.split("=");
      var by = document.getElementById(parts[0]);
      el.hidden = !!by && parts[1].split(" ").indexOf(by.value) < 0;
    });
    form.querySelectorAll(".house-mechanic").forEach(function (m) {
      m.querySelectorAll("[data-when-param]").forEach(function (el) {
        var by = m.querySelector('select[data-param-select="' + el.dataset.whenParam + '"]');
        el.hidden = !!by && !listed(el, "whenValues", by.value);
      });
    });
  }
  // Issue 44 #4 (RULES.md d-18, d-19), with htmx; without it every button still submits the whole page.
  //  - Each section is a <details>; the open ones are posted as "open", so a page drawn again keeps them open.
  //  - A shape button (add or remove a row) posts the whole form and puts back only its own section.
  //  - A [data-formula] input is checked as it is typed: its error, or the names it may read (tap to insert).
  function keepOpen() {
    var box = document.getElementById("open-parts");
    if (!box) return;
    box.textContent = "";
    form.querySelectorAll("details.house-sec[open], details[data-keep][open]").forEach(function (d) {
      var input = document.createElement("input");
      input.type = "hidden"; input.name = "open"; input.value = d.dataset.part || d.dataset.keep;
      box.appendChild(input);
    });
  }
  keepOpen();
  form.addEventListener("toggle", keepOpen, true);  // toggle does not bubble
  var FULL = ["save", "save_try", "preview"];
  form.addEventListener("click", function (e) {
    var button = e.target.closest("button[name=action]");
    var section = button && button.closest("details.house-sec");
    if (!button || !section || !window.htmx || FULL.indexOf(button.value) >= 0) return;
    e.preventDefault();
    var value = button.value;
    form.setAttribute("aria-busy", "true");
    htmx.ajax("POST", window.location.pathname, {
      source: button, target: section, swap: "outerHTML", values: {action: value}
    }).then(function () {
      var fresh = document.getElementById(section.id);
      form.removeAttribute("aria-busy");
      sync(); keepOpen();
      if (!fresh) return;
      var again = fresh.querySelector('button[value="' + value + '"]');
      var rows = again && again.parentElement ? again.parentElement.querySelectorAll(":scope > fieldset") : [];
      var target = value.indexOf("add") === 0 && rows.length ? rows[rows.length - 1].querySelector("input, select, textarea") : null;
      (target || fresh.querySelector("summary")).focus();
    });
  });
  // A shape button whose request failed (the server down a moment, a 500): the whole page posts, as without htmx.
  function fallBack(e) {
    var elt = e.detail && e.detail.elt;
    if (elt && elt.matches && elt.matches("button[name=action]") && form.contains(elt)) form.requestSubmit(elt);
  }
  form.addEventListener("htmx:responseError", fallBack);
  form.addEventListener("htmx:sendError", fallBack);
  var checkUrl = form.dataset.checkUrl;
  var timers = {};
  function outputOf(input) {
    var id = input.id + "-check";
    var out = document.getElementById(id);
    if (!out) {
      out = document.createElement("div");
      out.id = id; out.className = "formula-check small"; out.setAttribute("aria-live", "polite");
      input.insertAdjacentElement("afterend", out);
      input.setAttribute("aria-describedby", id);
    }
    return out;
  }
  function check(input) {
    if (!window.htmx || !checkUrl) return;
    htmx.ajax("POST", checkUrl, {source: input, target: outputOf(input), swap: "innerHTML", values: {check: input.name}});
  }
  form.addEventListener("input", function (e) {
    var input = e.target;
    if (!input.matches || !input.matches("[data-formula]")) return;
    clearTimeout(timers[input.id]);
    timers[input.id] = setTimeout(function () { check(input); }, 350);
  });
  form.addEventListener("click", function (e) {
    var name = e.target.closest("button.formula-name");
    if (!name) return;
    var out = name.closest(".formula-check");
    var input = out && document.getElementById(out.id.replace(/-check$/, ""));
    if (!input) return;
    var partial = name.dataset.partial || "";
    var text = input.value;
    if (partial && text.slice(-partial.length) === partial) text = text.slice(0, -partial.length);
    else if (text && !/[\s(\[,+\-*\/<>=]$/.test(text)) text += " ";
    input.value = text + name.dataset.name;
    input.focus();
    check(input);
  });
  form.addEventListener("change", function (e) {
    if (e.target.id === "d-kind" && e.target.value === "death") {
      setValue("d-players-min", "2");
      setValue("d-players-max", "2");
      setValue("d-outcome-tokens", "0");
    }
    sync();
  });
  sync();
})();
