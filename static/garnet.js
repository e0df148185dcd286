// Countdowns in the viewer's time zone, and the match page's live part (its socket: garnet_socket.js).
// Event shapes: games/match/events.py. The server is the truth: on a gap, a reconnect or a hello that
// differs, the page re-fetches its live part.
(function () {
  "use strict";

  function fmt(ms) {
    if (ms <= 0) return "closing…";
    const s = Math.floor(ms / 1000), d = Math.floor(s / 86400), h = Math.floor((s % 86400) / 3600),
      m = Math.floor((s % 3600) / 60), r = s % 60, p = (n) => String(n).padStart(2, "0");
    return (d ? d + "d " : "") + (d || h ? h + "h " : "") + p(m) + "m " + p(r) + "s";
  }

  // A deadline in words ("in 3 h 12 min"), for the match page and the nav's turn list (match_page.js,
  // turn_signal.js): one wording everywhere.
  window.garnetInWords = function inWords(ms) {
    if (ms <= 0) return "now";
    const s = Math.floor(ms / 1000), d = Math.floor(s / 86400), h = Math.floor((s % 86400) / 3600),
      m = Math.floor((s % 3600) / 60);
    if (d) return "in " + d + " d " + h + " h";
    if (h) return "in " + h + " h " + m + " min";
    if (m) return "in " + m + " min";
    return "in " + s + " s";
  };

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

  // The match page's live part (#live). Every new live part reaches the page by one path, showLive: a close's
  // push (event "live"), a fetch (a resync: a gap in the sequence, a hello that does not match what the page
  // has, a reconnect, a turn the page has not drawn) and the answer to the player's own submit. showLive draws
  // it only if it stands after what the page shows, so a late arrival never puts an older part back.
  // Log lines are added as they arrive, and a lock-in ticks its player's chip, without any fetch.
  const OVERDUE_AFTER = 3000, OVERDUE_AGAIN = 20000;  // ms past a shown turn's deadline: first fetch, then each

  function live() {
    const box = document.getElementById("live");
    if (!box || !window.garnetSocket) return;
    // ``seq`` is opaque: the last sequence number of what this viewer can see. Public lines and
    // my private lines are numbered apart (so numbers never count others' secrets).
    let seq = parseInt(box.dataset.seq || "0", 10), queued = null;
    let pseq = box.dataset.privateSeq === undefined ? null : parseInt(box.dataset.privateSeq, 10);
    const state = (window.garnetLive = { events: [], connected: false, connects: 0, refreshes: 0, pushed: 0, stale: 0,
      sent: 0, unanswered: 0, seq: () => seq });

    // Ask the server for the live part; its answer comes back through showLive (see htmx:beforeSwap below).
    function refresh() {
      if (queued) return;
      // Coalesce a burst (a close sends its lines and its turn together) into one fetch.
      state.why = new Error().stack.split("\n").slice(2, 4).join(" / ");  // what asked for the last fetch (for diagnosis)
      queued = setTimeout(() => { queued = null; state.refreshes++; if (window.htmx) window.htmx.trigger(box, "refresh"); }, 15);
    }

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

    // The one update path. ``how`` says where the part came from: "push", "fetch" or "answer" (the submit's).
    // A part standing before the shown one is dropped. One standing with it is drawn when it was asked for (a
    // fetch is the truth, an answer carries the player's result), a push only if its turn's deadline or pause
    // differs (otherwise the page already shows it: the closer's own answer came first). The swap is htmx's, so
    // the form being edited and the rules panel (hx-preserve) stay as they are, and htmx's swap events carry
    // ``info`` (a request's details for a fetch or an answer).
    function showLive(html, how, info) {
      const now = box.querySelector(".live-root"), next = parseRoot(html);
      if (!next && how === "push") return refresh();
      if (now && next) {
        const o = order(next, now);
        if (o < 0 || (o === 0 && how === "push" && now.dataset.turnKey === next.dataset.turnKey)) { state.stale++; return; }
      }
      if (how === "push") state.pushed++;
      if (window.htmx && window.htmx.swap) {
        window.htmx.swap(box, html, { swapStyle: "innerHTML" }, { eventInfo: info || { target: box, how } });
      } else box.innerHTML = html;
      if (next) {
        seq = Math.max(seq, parseInt(next.dataset.seq || "0", 10));
        if (next.dataset.privateSeq !== undefined) pseq = Math.max(pseq || 0, parseInt(next.dataset.privateSeq, 10));
      }
      localTimes(box); tick();
      // The news that a move's answer was lost stands over whatever the page shows for a few seconds.
      if (notice && Date.now() < notice.until) say(notice.text, "error"); else notice = null;
    }
    // A fetch's or a submit's answer for #live goes through showLive instead of htmx's own swap (an answer
    // htmx would not draw, such as a server error page, stays out as before).
    document.addEventListener("htmx:beforeSwap", (e) => {
      const d = e.detail;
      if (d.target !== box || !d.xhr || !d.shouldSwap) return;
      d.shouldSwap = false;
      const verb = d.requestConfig && d.requestConfig.verb;
      showLive(d.serverResponse !== undefined ? d.serverResponse : d.xhr.responseText, verb === "get" ? "fetch" : "answer", d);
    });

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

    // The move form goes over this page's socket while it is open: no HTTP request per move, so a phone in a
    // 60-second turn hears back sooner; htmx posts it as before when the socket is not open. The answer is the
    // fragment the post would have had, drawn by the same path (showLive, or the form's status box). A socket
    // that drops, or says nothing for ANSWER_WITHIN, before answering leaves the move's fate unknown: the page
    // fetches what the server holds and says so, the player's input still in the form (hx-preserve).
    const ANSWER_WITHIN = 10000, SETTLE = 1000, NOTICE_FOR = 10000;
    const pending = {};
    let refs = 0, notice = null;

    // A line in the form's status box (where a save's answer shows), else atop the live part (as a lock-in's
    // answer is), for news about a move that has no page of its own.
    function say(text, kind) {
      const where = document.getElementById("submit-status") || box;
      const p = document.createElement("p");
      p.className = "flash flash-" + kind; p.setAttribute("role", "status"); p.dataset.result = "socket";
      p.textContent = text;
      where.prepend(p);
    }

    // A form's text fields as a frame carries them ([[name, value], ...], files left out).
    function fieldsOf(formData) {
      const fields = [];
      formData.forEach((value, name) => { if (typeof value === "string") fields.push([name, value]); });
      return fields;
    }

    // The rules' check of the move being edited goes the same way; only the newest check's answer is drawn.
    let lastCheck = 0;
    document.addEventListener("htmx:configRequest", (e) => {
      const d = e.detail, form = d.elt;
      if (!sock || !sock.send || d.verb !== "post" || !form || !form.matches || !box.contains(form)) return;
      const check = form.matches("#move-check");
      if (!check && !form.matches("form.move-form")) return;
      const ref = ++refs;
      if (!sock.send({ event: check ? "check" : "submit", ref, fields: fieldsOf(d.formData) })) return;  // not open: htmx posts it
      e.preventDefault();
      if (check) { lastCheck = ref; return; }
      const buttons = Array.from(form.querySelectorAll(".buttons button"));
      buttons.forEach((b) => { b.disabled = true; });
      form.setAttribute("aria-busy", "true");  // a screen reader hears that the move is on its way
      pending[ref] = { form, buttons, timer: setTimeout(() => unanswered(ref, true), ANSWER_WITHIN) };
      state.sent++;
    });

    function settle(ref) {
      const p = pending[ref];
      if (!p) return false;  // given up on already: the page fetched the truth
      delete pending[ref]; clearTimeout(p.timer);
      p.buttons.forEach((b) => { b.disabled = false; });
      p.form.removeAttribute("aria-busy");
      return true;
    }

    function unanswered(ref, silent) {
      if (!settle(ref)) return;
      state.unanswered++;
      notice = { until: Date.now() + NOTICE_FOR, text: "The connection dropped before the server answered your " +
        "move. The page shows what the server has; if your move is not in it, send it again." };
      say(notice.text, "error");
      setTimeout(refresh, SETTLE);  // a move still on its way lands first
      if (silent && sock) sock.reconnect();  // a socket that says nothing is dead: the next move goes by HTTP
    }

    // The lock-in's confirmation (match_page.js) asks the check what a move spends: over the socket when it is open
    // (a promise of the check's answer, null when none came in time), else null at once and it fetches.
    const asked = {};
    state.check = (form) => {
      const ref = ++refs;
      if (!sock || !sock.send || !sock.send({ event: "check", ref, fields: fieldsOf(new FormData(form)) })) return null;
      return new Promise((resolve) => {
        asked[ref] = resolve;
        setTimeout(() => { if (asked[ref]) { delete asked[ref]; resolve(null); } }, ANSWER_WITHIN);
      });
    };

    function answered(data) {
      if (data.into === "check" && asked[data.ref]) {
        const resolve = asked[data.ref];
        delete asked[data.ref];
        resolve(data.html);
        return;
      }
      if (data.into === "check") {
        const where = document.getElementById("move-check");
        if (data.ref === lastCheck && where && window.htmx) window.htmx.swap(where, data.html, { swapStyle: "innerHTML" });
        return;
      }
      if (!settle(data.ref)) return;
      if (data.into === "live") { showLive(data.html, "answer", { target: box }); return; }
      const status = document.getElementById("submit-status");
      if (data.into === "submit" && status && window.htmx && window.htmx.swap) {
        // Its times are drawn in the viewer's zone by the htmx:afterSwap listener below.
        window.htmx.swap(status, data.html, { swapStyle: "innerHTML" }, { eventInfo: { target: status } });
        return;
      }
      if (data.into) { refresh(); return; }
      say(data.text || "Not saved.", "error");  // no page to draw (signed out, say)
    }

    let sock = null;
    function onEvent(data) {
      state.events.push(data);
      if (state.events.length > 200) state.events.shift();
      switch (data.event) {
        case "hello":
          if (data.seq !== seq || (typeof data.private_seq === "number" && data.private_seq !== pseq)) refresh();
          return;
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
        case "answer":
          answered(data); return;
        case "batch":
          // A close's pushes to this socket's group in one frame (its lines, its page, the turn), in order.
          data.events.forEach(onEvent); return;
        case "live":
          showLive(data.html, "push"); return;
        case "finished": {
          const root = box.querySelector(".live-root");
          seq = Math.max(seq, data.seq);
          if (!root || root.dataset.status !== "finished") refresh();
          return;
        }
        case "seat":
          // A seat changed hands: who sees what changed. Redraw, and reconnect so the socket joins
          // (or, for the old player, has left) the seat's private pushes.
          seq = Math.max(seq, data.seq); refresh(); if (sock) sock.reconnect(); return;
        case "locked": {
          // Who locked in is public and is all that changed: tick their chip, no fetch. A lock-in on a turn
          // newer than the shown one means this page missed that turn's pushes: fetch.
          const root = box.querySelector(".live-root");
          if (root && root.dataset.turn && data.turn_number > parseInt(root.dataset.turn, 10)) { refresh(); return; }
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

    // A push is a notification and can be lost (a server's Redis connection dropping and coming back loses what
    // was published meanwhile): a page still showing a turn whose deadline passed a few seconds ago fetches, and
    // again every so often while that turn stays shown, so a lost close heals within seconds of its deadline.
    let overdue = { key: "", at: 0 };
    setInterval(() => {
      const root = box.querySelector(".live-root");
      const key = root ? root.dataset.turnKey || "" : "";
      const [, deadline, paused] = key.split("|");
      if (!key || paused === "1" || Date.now() - Date.parse(deadline) < OVERDUE_AFTER) return;
      if (overdue.key === key && Date.now() - overdue.at < OVERDUE_AGAIN) return;
      overdue = { key, at: Date.now() };
      state.overdue = (state.overdue || 0) + 1;
      refresh();
    }, 1000);

    sock = window.garnetSocket("/ws/matches/" + box.dataset.match + "/", {
      message: (data) => { try { onEvent(data); } catch (err) { state.lastError = String(err); refresh(); } },
      open: () => { state.connected = true; state.connects = sock.state.connects; },
      close: () => { state.connected = false; Object.keys(pending).forEach((ref) => unanswered(ref, false)); },
      resync: refresh,  // the hello after reconnecting also says whether to, and the two fetches coalesce
    });
  }

  // Times and countdowns in whatever htmx swaps in are drawn like the page's own.
  document.addEventListener("htmx:afterSwap", (e) => { localTimes(e.target); tick(); });

  document.addEventListener("DOMContentLoaded", () => {
    rememberZone(); localTimes(); tick(); setInterval(tick, 250); live();
  });
})();
