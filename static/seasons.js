// Live notices: listen on /ws/me/ and add each notice to the notice list.
(function () {
  "use strict";
  const box = document.querySelector("[data-live-notices] .notice-list");
  if (!box || !window.garnetSocket) return;
  window.garnetSocket("/ws/me/", {
    message: (data) => {
      if (!data.text) return;
      const li = document.createElement("li");
      li.className = "notice unseen notice-" + (data.kind || "info");
      if (data.url) { const a = document.createElement("a"); a.href = data.url; a.textContent = data.text; li.appendChild(a); }
      else li.textContent = data.text;
      box.prepend(li);
    },
  });
})();
