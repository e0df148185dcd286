// Threads with the dealer and the host's inbox, live: listen on /ws/me/ and, when a "thread"
// notice arrives (it names the thread, never its text), re-fetch the posts or the inbox list.
(function () {
  "use strict";
  const box = document.querySelector("[data-reach-thread], [data-reach-inbox]");
  if (!box || !window.garnetSocket) return;
  const mine = box.dataset.reachThread;
  const live = (window.reachLive = { events: [], connected: false });

  function refresh() { if (window.htmx) window.htmx.trigger(box, "refresh"); }
  function toBottom() { const list = box.querySelector(".thread-posts"); if (list && mine) list.lastElementChild && list.lastElementChild.scrollIntoView({ block: "nearest" }); }

  document.body.addEventListener("htmx:afterSwap", (e) => { if (e.target === box) toBottom(); });
  window.garnetSocket("/ws/me/", {
    open: () => { live.connected = true; },
    close: () => { live.connected = false; },
    message: (data) => {
      live.events.push(data);
      if (data.kind !== "thread") return;
      if (!mine || String(data.thread) === mine) refresh();
    },
    resync: refresh,
  });
  toBottom();
})();
