// Live notices: listen on /ws/me/ and add each "user.notify" event to the notice list.
(function () {
  "use strict";
  const box = document.querySelector("[data-live-notices] .notice-list");
  if (!box || !window.WebSocket) return;
  const url = (location.protocol === "https:" ? "wss://" : "ws://") + location.host + "/ws/me/";
  let delay = 1000;
  function connect() {
    const ws = new WebSocket(url);
    ws.onopen = () => { delay = 1000; };
    ws.onmessage = (e) => {
      const data = JSON.parse(e.data);
      if (!data.text) return;
      const li = document.createElement("li");
      li.className = "notice unseen notice-" + (data.kind || "info");
      if (data.url) { const a = document.createElement("a"); a.href = data.url; a.textContent = data.text; li.appendChild(a); }
      else li.textContent = data.text;
      box.prepend(li);
    };
    ws.onclose = () => { setTimeout(connect, delay); delay = Math.min(delay * 2, 30000); };
  }
  connect();
})();
