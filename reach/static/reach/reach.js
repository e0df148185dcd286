// Threads with the dealer and the host's inbox, live: listen on /ws/me/ and, when a "thread"
// notice arrives (it names the thread, never its text), re-fetch the posts or the inbox list.
(function () {
  "use strict";
  const box = document.querySelector("[data-reach-thread], [data-reach-inbox]");
  if (!box || !window.WebSocket) return;
  const mine = box.dataset.reachThread;
  const url = (location.protocol === "https:" ? "wss://" : "ws://") + location.host + "/ws/me/";
  let delay = 1000, opened = false;
  window.reachLive = { events: [], connected: false };

  function refresh() { if (window.htmx) window.htmx.trigger(box, "refresh"); }
  function toBottom() { const list = box.querySelector(".thread-posts"); if (list && mine) list.lastElementChild && list.lastElementChild.scrollIntoView({ block: "nearest" }); }

  document.body.addEventListener("htmx:afterSwap", (e) => { if (e.target === box) toBottom(); });
  function connect() {
    const ws = new WebSocket(url);
    ws.onopen = () => { window.reachLive.connected = true; if (opened) refresh(); opened = true; delay = 1000; };
    ws.onmessage = (e) => {
      const data = JSON.parse(e.data);
      window.reachLive.events.push(data);
      if (data.kind !== "thread") return;
      if (!mine || String(data.thread) === mine) refresh();
    };
    ws.onclose = () => { window.reachLive.connected = false; setTimeout(connect, delay); delay = Math.min(delay * 2, 30000); };
  }
  toBottom();
  connect();
})();
