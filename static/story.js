// The season page's live timeline: listen on /ws/seasons/<slug>/ and re-fetch the timeline (htmx)
// whenever a push says it changed; after a reconnect, re-fetch too (pushes may have been missed).
(function () {
  "use strict";
  const box = document.getElementById("timeline");
  if (!box || !window.garnetSocket) return;
  const state = document.querySelector("[data-live-state]");
  const live = (window.storyLive = { connected: false, refreshes: 0 });
  function refresh() {
    live.refreshes += 1;
    if (window.htmx) window.htmx.trigger(box, "refresh");
  }
  window.garnetSocket("/ws/seasons/" + box.dataset.season + "/", {
    open: () => { live.connected = true; if (state) state.textContent = "live"; },
    close: () => { live.connected = false; if (state) state.textContent = "reconnecting…"; },
    message: (data) => { if (data.event === "timeline") refresh(); },
    resync: refresh,
  });
})();

// A Death Match folded into one entry stays open across the live refreshes (a live duel's round closes
// every minute: a spectator reading its rounds must not see them fold away each time).
(function () {
  "use strict";
  const box = document.getElementById("timeline");
  if (!box) return;
  let open = [];
  box.addEventListener("htmx:beforeSwap", () => {
    open = Array.from(box.querySelectorAll("details.tl-fold[open]")).map((d) => d.dataset.match);
  });
  box.addEventListener("htmx:afterSwap", () => {
    open.forEach((m) => {
      const d = box.querySelector('details.tl-fold[data-match="' + m + '"]');
      if (d) d.open = true;
    });
  });
})();
