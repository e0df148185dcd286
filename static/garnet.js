// Countdowns in the viewer's time zone, and live updates over a websocket.
// A push is only a nudge: on any event, a gap or a reconnect the page re-fetches
// its live part from the server, which is always the truth.
(function () {
  "use strict";

  function fmt(ms) {
    if (ms <= 0) return "closing…";
    const s = Math.floor(ms / 1000), d = Math.floor(s / 86400), h = Math.floor((s % 86400) / 3600),
      m = Math.floor((s % 3600) / 60), r = s % 60, p = (n) => String(n).padStart(2, "0");
    return (d ? d + "d " : "") + (d || h ? h + "h " : "") + p(m) + "m " + p(r) + "s";
  }

  function tick() {
    const now = Date.now();
    document.querySelectorAll(".countdown[data-deadline]").forEach((el) => {
      const left = Date.parse(el.dataset.deadline) - now;
      el.textContent = fmt(left);
      el.classList.toggle("urgent", left < 15000);
    });
  }

  // One rule: a signed-in user's profile zone (the page names it on <body data-tz>), the browser's for anonymous visitors.
  function viewerZone() {
    return (document.body && document.body.dataset.tz) || Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
  }

  function localTimes(root) {
    const zone = viewerZone();
    (root || document).querySelectorAll("time.localtime[datetime]").forEach((el) => {
      const t = new Date(el.getAttribute("datetime"));
      if (!isNaN(t)) el.textContent = t.toLocaleString([], { timeZone: zone, weekday: "short", hour: "2-digit", minute: "2-digit", day: "numeric", month: "short", timeZoneName: "short" });
      el.title = zone;
    });
  }

  function rememberZone() {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (zone && !document.cookie.includes("tz=")) document.cookie = "tz=" + encodeURIComponent(zone) + ";path=/;max-age=31536000;SameSite=Lax";
    document.querySelectorAll("[data-tz-name]").forEach((el) => { el.textContent = viewerZone(); });
  }

  function formBusy() {
    const a = document.activeElement;
    return a && a.closest && a.closest("form.move-form") && a.tagName !== "BUTTON";
  }

  function live() {
    const box = document.getElementById("live");
    if (!box || !window.WebSocket) return;
    const proto = location.protocol === "https:" ? "wss://" : "ws://";
    const url = proto + location.host + "/ws/matches/" + box.dataset.match + "/";
    // Public lines and my private lines are numbered apart (so numbers never count others' secrets).
    let seq = parseInt(box.dataset.seq || "0", 10), delay = 500, pending = false;
    let pseq = box.dataset.privateSeq === undefined ? null : parseInt(box.dataset.privateSeq, 10);
    window.garnetLive = { events: [], connected: false };

    function refresh() {
      if (formBusy()) { pending = true; return; }  // never wipe a move the player is typing
      pending = false;
      if (window.htmx) window.htmx.trigger(box, "refresh");
    }
    document.addEventListener("focusout", () => { if (pending) setTimeout(() => { if (!formBusy()) refresh(); }, 50); });
    document.body.addEventListener("htmx:afterSwap", (e) => {
      const root = box.querySelector(".live-root");
      if (root) seq = Math.max(seq, parseInt(root.dataset.seq || "0", 10));
      if (root && root.dataset.privateSeq !== undefined) pseq = Math.max(pseq || 0, parseInt(root.dataset.privateSeq, 10));
      localTimes(box); tick();
    });

    function connect() {
      const ws = new WebSocket(url);
      ws.onopen = () => { delay = 500; window.garnetLive.connected = true; };
      ws.onmessage = (e) => {
        const data = JSON.parse(e.data);
        window.garnetLive.events.push(data);
        if (data.event === "hello") {
          if (data.seq !== seq || (typeof data.private_seq === "number" && data.private_seq !== pseq)) refresh();
          return;
        }
        if (data.event === "pong") return;
        if (typeof data.seq === "number" && data.private) pseq = Math.max(pseq || 0, data.seq);
        else if (typeof data.seq === "number") seq = Math.max(seq, data.seq);
        refresh();
      };
      ws.onclose = () => {
        window.garnetLive.connected = false;
        setTimeout(() => { connect(); }, delay);  // the hello after reconnecting triggers a resync
        delay = Math.min(delay * 2, 15000);
      };
    }
    connect();
  }

  document.addEventListener("DOMContentLoaded", () => {
    rememberZone(); localTimes(); tick(); setInterval(tick, 250); live();
  });
})();
