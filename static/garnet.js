// Countdowns in the viewer's time zone, and live updates over one websocket.
// Event shapes: games/events.py. The server is the truth: on a gap or a reconnect
// whose hello differs, the page re-fetches its live part.
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

  // The server's own format (accounts.timefmt.user_time, "D j M, H:i T" in templates): "Wed 25 Nov, 13:05 CET",
  // so a time drawn by a page load and one redrawn here read the same; data-fmt="time" is a clock with seconds.
  function stamp(t, zone, seconds) {
    const opts = { timeZone: zone, weekday: "short", day: "numeric", month: "short", hour: "2-digit", minute: "2-digit",
      hourCycle: "h23", timeZoneName: "short" };
    if (seconds) opts.second = "2-digit";
    const p = {};
    new Intl.DateTimeFormat("en-GB", opts).formatToParts(t).forEach((x) => { p[x.type] = x.value; });
    const clock = p.hour + ":" + p.minute + (seconds ? ":" + p.second : "");
    return seconds ? clock : p.weekday + " " + p.day + " " + p.month + ", " + clock + " " + p.timeZoneName;
  }

  function localTimes(root) {
    const zone = viewerZone();
    (root || document).querySelectorAll("time.localtime[datetime]").forEach((el) => {
      const t = new Date(el.getAttribute("datetime"));
      if (!isNaN(t)) el.textContent = stamp(t, zone, el.dataset.fmt === "time");
      el.title = zone;
    });
  }

  function rememberZone() {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (zone && !document.cookie.includes("tz=")) document.cookie = "tz=" + encodeURIComponent(zone) + ";path=/;max-age=31536000;SameSite=Lax";
    document.querySelectorAll("[data-tz-name]").forEach((el) => { el.textContent = viewerZone(); });
  }

  // The submit answers with the live fragment, also when it refuses (4xx): show it, it names why.
  document.addEventListener("htmx:beforeSwap", (e) => {
    const xhr = e.detail.xhr;
    if (xhr && xhr.status >= 400 && xhr.getResponseHeader("X-Garnet-Fragment")) {
      e.detail.shouldSwap = true;
      e.detail.isError = false;
    }
  });

  // One socket for the page's whole life. Pushes carry the data: log lines are added
  // as they arrive; a close pushes the page its new live part; any other new turn (a host's
  // change, a sweep) or a page without a pushed part redraws the live part by fetching it.
  // A gap in the sequence, or a hello that does not match what the page has, means
  // pushes were missed: the page resyncs by fetching its live part again.
  function live() {
    const box = document.getElementById("live");
    if (!box || !window.WebSocket) return;
    const proto = location.protocol === "https:" ? "wss://" : "ws://";
    const url = proto + location.host + "/ws/matches/" + box.dataset.match + "/";
    // ``seq`` is opaque: the last sequence number of what this viewer can see. Public lines and
    // my private lines are numbered apart (so numbers never count others' secrets).
    let seq = parseInt(box.dataset.seq || "0", 10), attempt = 0, queued = null, ws = null, pongDue = null;
    let pseq = box.dataset.privateSeq === undefined ? null : parseInt(box.dataset.privateSeq, 10);
    const state = (window.garnetLive = { events: [], connected: false, connects: 0, refreshes: 0, pushed: 0, seq: () => seq });

    // A refresh never wipes a move being made: the fragment marks the open turn's form hx-preserve, so htmx keeps
    // the player's form node (input, focus, the button under their finger) and swaps the rest around it.
    function refresh() {
      if (queued) return;
      // Coalesce a burst (a close sends its lines and its turn together) into one fetch.
      state.why = new Error().stack.split("\n").slice(2, 4).join(" / ");  // what asked for the last fetch (for diagnosis)
      queued = setTimeout(() => { queued = null; state.refreshes++; if (window.htmx) window.htmx.trigger(box, "refresh"); }, 15);
    }
    function shownRoot() {
      const root = box.querySelector(".live-root");
      if (root) seq = Math.max(seq, parseInt(root.dataset.seq || "0", 10));
      if (root && root.dataset.privateSeq !== undefined) pseq = Math.max(pseq || 0, parseInt(root.dataset.privateSeq, 10));
      localTimes(box); tick();
    }
    document.body.addEventListener("htmx:afterSwap", shownRoot);

    // Where a live part stands: its public and private sequence numbers, then its turn (an ended match last).
    function standing(root) {
      const d = root.dataset;
      return [parseInt(d.seq || "0", 10), parseInt(d.privateSeq || "0", 10),
        d.status === "finished" ? Infinity : parseInt(d.turn || "0", 10)];
    }
    // -1, 0 or 1: whether live part a stands before, with or after b (never compare another viewer's).
    function order(a, b) {
      const x = standing(a), y = standing(b);
      for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return x[i] < y[i] ? -1 : 1;
      return 0;
    }
    function parseRoot(html) {
      const tpl = document.createElement("template");
      tpl.innerHTML = html;
      return tpl.content.querySelector(".live-root");
    }
    // A fetch that left before a push brought a newer live part must not put the older one back.
    document.addEventListener("htmx:beforeSwap", (e) => {
      if (e.detail.target !== box || !e.detail.xhr) return;
      const now = box.querySelector(".live-root"), next = parseRoot(e.detail.xhr.responseText || "");
      if (now && next && order(next, now) < 0) e.detail.shouldSwap = false;
    });
    // A close pushes each page its new live part: swap it in (htmx keeps the form being edited and the
    // rules panel, as on a fetch) unless the page already shows as much (the closer's own answer).
    function showPushed(data) {
      const now = box.querySelector(".live-root"), next = parseRoot(data.html);
      if (!next) return refresh();
      if (now && (order(next, now) < 0 || (order(next, now) === 0 && now.dataset.turnKey === next.dataset.turnKey))) return;
      state.pushed++;
      if (window.htmx && window.htmx.swap) window.htmx.swap(box, data.html, { swapStyle: "innerHTML" });
      else box.innerHTML = data.html;
      shownRoot();
    }

    function appendLine(data) {
      const log = box.querySelector("#log");
      if (!log) return refresh();
      const empty = log.querySelector("li.muted");
      if (empty) empty.remove();
      const li = document.createElement("li");
      li.dataset.seq = String(data.seq);
      if (data.private) {
        li.className = "private";
        const tag = document.createElement("span");
        tag.className = "tag"; tag.textContent = "private";
        li.append(tag, " ");
      }
      data.text.split("\n").forEach((part, i) => { if (i) li.append(document.createElement("br")); li.append(part); });
      log.append(li);
    }

    function onEvent(data) {
      state.events.push(data);
      if (state.events.length > 200) state.events.shift();
      switch (data.event) {
        case "hello":
          if (data.seq !== seq || (typeof data.private_seq === "number" && data.private_seq !== pseq)) refresh();
          return;
        case "pong": clearTimeout(pongDue); pongDue = null; return;
        case "message": {
          const last = data.private ? (pseq || 0) : seq;
          if (data.seq <= last) return;            // already shown
          if (data.private) pseq = data.seq; else seq = data.seq;
          if (data.seq > last + 1) { refresh(); return; }  // a gap: resync
          appendLine(data); return;
        }
        case "turn": {
          // The player whose lock-in closed the turn already has the new turn from the submit's answer.
          const root = box.querySelector(".live-root");
          const key = data.turn ? data.turn.number + "|" + data.turn.deadline + "|" + (data.turn.paused ? "1" : "0") : "";
          const shown = root && root.dataset.turnKey === key && seq >= data.seq;
          seq = Math.max(seq, data.seq);
          if (!shown) refresh();
          return;
        }
        case "live":
          showPushed(data); return;
        case "finished": {
          const root = box.querySelector(".live-root");
          seq = Math.max(seq, data.seq);
          if (!root || root.dataset.status !== "finished") refresh();
          return;
        }
        case "seat":
          // A seat changed hands: who sees what changed. Redraw, and reconnect so the socket joins
          // (or, for the old player, has left) the seat's private pushes.
          seq = Math.max(seq, data.seq); refresh(); if (ws) ws.close(); return;
        case "locked": {
          // Who locked in is public and is all that changed: tick their chip, no fetch.
          const root = box.querySelector(".live-root");
          if (!root || root.dataset.turn !== String(data.turn_number)) return;
          root.querySelectorAll(".turnbar .chip[data-player]").forEach((chip) => {
            if (chip.dataset.player !== data.player || chip.classList.contains("chip-locked")) return;
            const hidden = document.createElement("span");
            hidden.className = "visually-hidden"; hidden.textContent = " locked in";
            chip.classList.add("chip-locked"); chip.append(" ✓", hidden);
          });
          return;
        }
        default: return;
      }
    }

    function connect() {
      ws = new WebSocket(url);
      state.connects++;
      ws.onopen = () => { attempt = 0; state.connected = true; };
      ws.onmessage = (e) => {
        try { onEvent(JSON.parse(e.data)); } catch (err) { state.lastError = String(err); refresh(); }
      };
      ws.onclose = () => {
        state.connected = false; clearTimeout(pongDue); pongDue = null;
        // Exponential backoff with jitter, so a restarted server is not hit by every page at once.
        const wait = Math.min(15000, 500 * 2 ** attempt) * (0.5 + Math.random() / 2);
        attempt = Math.min(attempt + 1, 6);
        setTimeout(connect, wait);  // the hello after reconnecting says whether to resync
      };
    }
    // A socket can die silently (a phone changing networks): ping, and reconnect if no pong comes.
    setInterval(() => {
      if (!ws || ws.readyState !== WebSocket.OPEN || pongDue) return;
      ws.send(JSON.stringify({ event: "ping" }));
      pongDue = setTimeout(() => { pongDue = null; ws.close(); }, 10000);
    }, 25000);
    // Back from the background (phones suspend timers): check at once.
    document.addEventListener("visibilitychange", () => {
      if (document.visibilityState === "visible" && ws && ws.readyState === WebSocket.OPEN && !pongDue) {
        ws.send(JSON.stringify({ event: "ping" }));
        pongDue = setTimeout(() => { pongDue = null; ws.close(); }, 5000);
      }
    });
    connect();
  }

  document.addEventListener("DOMContentLoaded", () => {
    rememberZone(); localTimes(); tick(); setInterval(tick, 250); live();
  });
})();
