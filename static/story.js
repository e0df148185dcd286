// The season page's live timeline: listen on /ws/seasons/<slug>/ and re-fetch the timeline (htmx)
// whenever a push says it changed; after a reconnect, re-fetch too (pushes may have been missed).
(function () {
  "use strict";
  const box = document.getElementById("timeline");
  if (!box || !window.WebSocket) return;
  const state = document.querySelector("[data-live-state]");
  const url = (location.protocol === "https:" ? "wss://" : "ws://") + location.host + "/ws/seasons/" + box.dataset.season + "/";
  let delay = 1000;
  let opened = false;
  const live = (window.storyLive = { connected: false, refreshes: 0 });
  function refresh() {
    live.refreshes += 1;
    if (window.htmx) window.htmx.trigger(box, "refresh");
  }
  function connect() {
    const ws = new WebSocket(url);
    ws.onopen = () => {
      delay = 1000;
      live.connected = true;
      if (state) state.textContent = "live";
      if (opened) refresh();
      opened = true;
    };
    ws.onmessage = (e) => {
      const data = JSON.parse(e.data);
      if (data.event === "timeline") refresh();
    };
    ws.onclose = (e) => {
      live.connected = false;
      if (state) state.textContent = "reconnecting…";
      if (e.code === 4404) return;
      setTimeout(connect, delay);
      delay = Math.min(delay * 2, 30000);
    };
  }
  connect();
})();
