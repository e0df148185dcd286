// Runs static/garnet_socket.js against a fake clock, document and WebSocket (node tests/js/garnet_socket_test.js
// <path to garnet_socket.js>); prints "ok" or throws. Driven by tests/test_socket_helper.py.
"use strict";
const fs = require("fs");
const vm = require("vm");
const assert = require("assert");

function world() {
  let now = 0, nextId = 1;
  const timers = new Map();
  const handlers = { doc: {}, win: {} };
  const sockets = [];
  class FakeSocket {
    constructor(url) { this.url = url; this.readyState = 0; this.sent = []; sockets.push(this); }
    send(text) { this.sent.push(JSON.parse(text)); }
    close() { if (this.readyState < 2) { this.readyState = 3; later(() => this.onclose({ code: 1000 })); } }
    // The server's side:
    accept() { this.readyState = 1; this.onopen(); }
    push(frame) { this.onmessage({ data: JSON.stringify(frame) }); }
    drop(code) { this.readyState = 3; this.onclose({ code }); }
  }
  FakeSocket.CONNECTING = 0; FakeSocket.OPEN = 1;
  function later(fn, ms, every) { const id = nextId++; timers.set(id, { at: now + (ms || 0), fn, every }); return id; }
  function advance(ms) {
    const end = now + ms;
    for (;;) {
      let first = null;
      timers.forEach((t, id) => { if (t.at <= end && (!first || t.at < first[1].at)) first = [id, t]; });
      if (!first) break;
      const [id, t] = first;
      now = t.at;
      if (t.every) t.at += t.every; else timers.delete(id);
      t.fn();
    }
    now = end;
  }
  const doc = { visibilityState: "visible", addEventListener: (n, f) => { handlers.doc[n] = f; } };
  const win = { WebSocket: FakeSocket, addEventListener: (n, f) => { handlers.win[n] = f; } };
  const context = {
    window: win, document: doc, WebSocket: FakeSocket, location: { protocol: "https:", host: "garnet.test" },
    Math: Object.assign(Object.create(Math), { random: () => 0 }),  // the shortest jitter: half of each wait
    JSON, String,
    setTimeout: (fn, ms) => later(fn, ms), clearTimeout: (id) => timers.delete(id),
    setInterval: (fn, ms) => later(fn, ms, ms),
  };
  return { context, sockets, advance, doc, handlers, win };
}

function load(w) {
  vm.runInNewContext(fs.readFileSync(process.argv[2], "utf8"), w.context);
  return w.win.garnetSocket;
}

function log() {
  const seen = [];
  return { seen, handlers: {
    open: (again) => seen.push("open:" + again), resync: () => seen.push("resync"),
    close: (code) => seen.push("close:" + code), message: (d) => seen.push("message:" + d.event),
  } };
}

// Two listeners of one path share one socket; a reconnect resyncs both; pongs stay the helper's.
{
  const w = world(), listen = load(w), a = log(), b = log();
  const sock = listen("/ws/me/", a.handlers);
  listen("/ws/me/", b.handlers);
  w.advance(0);
  assert.strictEqual(w.sockets.length, 1);
  assert.strictEqual(w.sockets[0].url, "wss://garnet.test/ws/me/");
  w.sockets[0].accept();
  w.sockets[0].push({ event: "notice" });
  w.sockets[0].push({ event: "pong" });
  assert.deepStrictEqual(a.seen, ["open:false", "message:notice"]);
  assert.deepStrictEqual(b.seen, a.seen);
  assert.ok(sock.state.connected);
  w.sockets[0].drop(1006);
  w.advance(249);
  assert.strictEqual(w.sockets.length, 1);
  w.advance(1);  // 500 ms at first, halved by the jitter
  assert.strictEqual(w.sockets.length, 2);
  w.sockets[1].accept();
  assert.deepStrictEqual(a.seen.slice(2), ["close:1006", "open:true", "resync"]);
  assert.deepStrictEqual(b.seen, a.seen);
}

// Failures back off exponentially up to a cap; an answer that would not change (4404) ends the retries.
{
  const w = world(), listen = load(w);
  const sock = listen("/ws/seasons/s1/", {});
  w.advance(0);
  const waits = [];
  for (let i = 0; i < 8; i++) {
    const before = w.sockets.length;
    w.sockets[before - 1].drop(1006);
    let waited = 0;
    while (w.sockets.length === before) { w.advance(50); waited += 50; }
    waits.push(waited);
  }
  assert.deepStrictEqual(waits, [250, 500, 1000, 2000, 4000, 7500, 7500, 7500]);
  w.sockets[w.sockets.length - 1].drop(4404);
  w.advance(60000);
  assert.strictEqual(w.sockets.length, 9);
  assert.ok(sock.state.final && !sock.state.connected);
}

// A silent socket is found by its ping and replaced; one that answers stays.
{
  const w = world(), listen = load(w);
  listen("/ws/matches/7/", {});
  w.advance(0);
  w.sockets[0].accept();
  w.advance(25000);
  assert.deepStrictEqual(w.sockets[0].sent, [{ event: "ping" }]);
  w.sockets[0].push({ event: "pong" });
  w.advance(25000);
  assert.strictEqual(w.sockets[0].sent.length, 2);
  w.advance(10000);  // no pong this time
  assert.strictEqual(w.sockets[0].readyState, 3);
  w.advance(250);
  assert.strictEqual(w.sockets.length, 2);
}

// Back into view: an open socket is checked at once (5 s for its pong), a pending reconnect happens now.
{
  const w = world(), listen = load(w);
  const sock = listen("/ws/matches/8/", {});
  w.advance(0);
  w.sockets[0].accept();
  w.doc.visibilityState = "hidden"; w.handlers.doc.visibilitychange();
  assert.strictEqual(w.sockets[0].sent.length, 0);
  w.doc.visibilityState = "visible"; w.handlers.doc.visibilitychange();
  assert.deepStrictEqual(w.sockets[0].sent, [{ event: "ping" }]);
  w.advance(5000);  // no pong: dropped
  assert.strictEqual(w.sockets[0].readyState, 3);
  for (let i = 0; i < 5; i++) {  // the network stays down: the waits grow
    const n = w.sockets.length;
    while (w.sockets.length === n) w.advance(50);
    w.sockets[n].drop(1006);
  }
  const count = w.sockets.length;
  w.handlers.doc.visibilitychange();
  assert.strictEqual(w.sockets.length, count + 1);  // no wait for the backoff
  w.sockets[count].accept();
  sock.reconnect();  // a seat changed hands: drop and reopen
  w.advance(250);
  assert.strictEqual(w.sockets.length, count + 2);
}
// send() goes only through an open socket, and says whether it went (the page posts by HTTP when not).
{
  const w = world(), listen = load(w);
  const sock = listen("/ws/matches/9/", {});
  assert.strictEqual(sock.send({ event: "submit", ref: 1 }), false);  // not connected yet
  w.advance(0);
  assert.strictEqual(sock.send({ event: "submit", ref: 2 }), false);  // still connecting
  w.sockets[0].accept();
  assert.strictEqual(sock.send({ event: "submit", ref: 3 }), true);
  assert.deepStrictEqual(w.sockets[0].sent, [{ event: "submit", ref: 3 }]);
  w.sockets[0].drop(1006);
  assert.strictEqual(sock.send({ event: "submit", ref: 4 }), false);
}
console.log("ok");
