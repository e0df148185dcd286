// Every page's one way to listen to the server: window.garnetSocket(path, handlers) keeps one websocket per
// path (pages sharing a path share the socket) with one reconnect loop. Event shapes: games/match/events.py.
//
// The server is the truth and a socket only says that it changed: after any reconnect a listener's resync()
// runs, and the page fetches what it shows again (pushes may have been missed while the socket was down).
//
//   const sock = window.garnetSocket("/ws/matches/7/", {
//     message(data) {},            // each frame, parsed (pongs are the helper's own)
//     open(again) {},              // the socket is open; again: it had been open before (resync() follows)
//     resync() {},                 // fetch the truth: called after a reconnect
//     close(code) {},              // the socket closed (a reconnect follows unless the code is final)
//   });
//   sock.reconnect();              // drop and reopen now (e.g. the seat changed: the server seats us afresh)
//   sock.send(data);               // send a frame now if the socket is open: true if it went, false if not
//   sock.state                     // {connected, connects, final}, for the page and for tests
//
// Reconnects back off exponentially with jitter (a restarted server is not hit by every page at once).
// A socket can die silently (a phone changing networks): it is pinged, and dropped if no pong comes. Phones
// suspend background pages, so coming back into view checks the socket at once and ends a pending wait.
(function () {
  "use strict";

  const FINAL = [4401, 4404];  // no such match or season, not signed in: retrying would not change the answer
  const PING_EVERY = 25000, PONG_WITHIN = 10000, PONG_WITHIN_ON_RETURN = 5000, MAX_WAIT = 15000;
  const sockets = {};

  function open(path) {
    const proto = location.protocol === "https:" ? "wss://" : "ws://";
    const url = proto + location.host + path;
    const listeners = [];
    const state = { connected: false, connects: 0, final: false };
    let ws = null, attempt = 0, wait = null, pongDue = null, opened = false;

    function each(name, arg) {
      listeners.forEach((l) => {
        if (typeof l[name] !== "function") return;
        try { l[name](arg); } catch (err) { state.lastError = String(err); }
      });
    }

    function connect() {
      clearTimeout(wait); wait = null;
      if (state.final || (ws && ws.readyState <= WebSocket.OPEN)) return;
      const sock = (ws = new WebSocket(url));
      state.connects++;
      sock.onopen = () => {
        if (sock !== ws) return;
        attempt = 0; state.connected = true;
        const again = opened; opened = true;
        each("open", again);
        if (again) each("resync");
      };
      sock.onmessage = (e) => {
        if (sock !== ws) return;
        let data;
        try { data = JSON.parse(e.data); } catch (err) { state.lastError = String(err); return; }
        if (data && data.event === "pong") { clearTimeout(pongDue); pongDue = null; return; }
        each("message", data);
      };
      sock.onclose = (e) => {
        if (sock !== ws) return;
        state.connected = false; clearTimeout(pongDue); pongDue = null; ws = null;
        each("close", e.code);
        if (FINAL.indexOf(e.code) >= 0) { state.final = true; return; }
        const delay = Math.min(MAX_WAIT, 500 * 2 ** attempt) * (0.5 + Math.random() / 2);
        attempt = Math.min(attempt + 1, 6);
        wait = setTimeout(connect, delay);
      };
    }

    function ping(within) {
      if (!ws || ws.readyState !== WebSocket.OPEN || pongDue) return;
      const sock = ws;
      sock.send(JSON.stringify({ event: "ping" }));
      pongDue = setTimeout(() => { pongDue = null; if (sock === ws) sock.close(); }, within);
    }

    // Drop the socket (its onclose schedules the next one) or, if none is up, connect at once.
    function reconnect() {
      if (ws && ws.readyState <= WebSocket.OPEN) ws.close();
      else connect();
    }

    setInterval(() => ping(PONG_WITHIN), PING_EVERY);
    document.addEventListener("visibilitychange", () => {
      if (document.visibilityState !== "visible") return;
      if (ws && ws.readyState === WebSocket.OPEN) ping(PONG_WITHIN_ON_RETURN);
      else if (wait) { attempt = 0; connect(); }
    });
    window.addEventListener("online", () => { if (wait) { attempt = 0; connect(); } });

    function send(data) {
      if (!ws || ws.readyState !== WebSocket.OPEN) return false;
      try { ws.send(JSON.stringify(data)); } catch (err) { state.lastError = String(err); return false; }
      return true;
    }

    const entry = { listeners, state, reconnect, send };
    setTimeout(connect, 0);  // every listener of this page registers first (the scripts run in one go)
    return entry;
  }

  window.garnetSocket = function (path, handlers) {
    if (!window.WebSocket) return null;
    const entry = sockets[path] || (sockets[path] = open(path));
    entry.listeners.push(handlers || {});
    return { state: entry.state, reconnect: entry.reconnect, send: entry.send };
  };
})();
