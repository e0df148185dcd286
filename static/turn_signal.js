// The turn signal (issue 38), on every page of a signed-in player: the tab's title ("(2) Your move · ...") and
// favicon, and the nav's badge on "My matches", count the turns awaiting their move; a turn that opens for them
// (a "your_turn" event on /ws/me/) updates them at once, shows a notification when they asked for one on this
// device, and plays a short sound for a live round when they turned it on. The server draws the same count
// into every page, so without JavaScript the signal is there on each load.
//
// This device's choices live in localStorage: "garnet.notify" ("page": the page's own Notification, "push":
// Web Push through the service worker, which shows it; else none) and "garnet.sound" ("1": on).
(function () {
  "use strict";
  const nav = document.getElementById("nav-turns");
  if (!nav) return;
  const PREFIX = /^\(\d+\) Your move · /;
  const baseTitle = document.title.replace(PREFIX, "");
  const icon = document.querySelector("link[rel=icon][data-icon]");
  let turns = {};

  function store(key) { try { return window.localStorage.getItem(key); } catch (err) { return null; } }
  function keep(list) {
    turns = {};
    (list || []).forEach((t) => { turns[String(t.match)] = t; });
  }
  try { keep(JSON.parse(nav.dataset.turns || "[]")); } catch (err) { /* the server's count stands */ }

  // A turn past its deadline no longer waits (the server closes it in a moment).
  function prune() {
    const now = Date.now();
    Object.keys(turns).forEach((k) => {
      const d = turns[k].deadline ? Date.parse(turns[k].deadline) : NaN;
      if (!isNaN(d) && d < now) delete turns[k];
    });
  }

  function draw() {
    prune();
    const n = Object.keys(turns).length;
    const title = (n ? "(" + n + ") Your move · " : "") + baseTitle;
    if (document.title !== title) document.title = title;
    if (icon) {
      const want = n ? icon.dataset.iconTurn : icon.dataset.icon;
      if (icon.getAttribute("href") !== want) icon.setAttribute("href", want);
    }
    const badge = nav.querySelector(".turn-badge");
    if (badge) {
      badge.hidden = !n;
      badge.firstChild.nodeValue = String(n);
    }
    nav.setAttribute("href", nav.dataset.href + (n ? "#your-turn" : ""));
  }

  // On a match page, its live part says whether this match awaits my move (a move saved counts as made).
  function fromPage() {
    const box = document.getElementById("live");
    const root = box && box.querySelector(".live-root");
    if (!root || !box.dataset.match) return;
    const id = box.dataset.match;
    const saved = box.querySelector("#submit-status .confirm");
    if (root.dataset.waiting === "1" && !saved) {
      const was = turns[id] || {};
      turns[id] = Object.assign({}, was, { match: Number(id), url: location.pathname,
        deadline: root.dataset.deadline || null, live: root.dataset.live === "1" });
    } else {
      delete turns[id];
    }
    draw();
  }

  function onThisMatch(url) { return location.pathname === url; }

  function sound() {
    if (store("garnet.sound") !== "1") return;
    // Several tabs hear the same event: the first one plays.
    const now = Date.now(), last = Number(store("garnet.sound.at") || 0);
    if (now - last < 2000) return;
    try { window.localStorage.setItem("garnet.sound.at", String(now)); } catch (err) { /* plays anyway */ }
    const audio = new Audio(nav.dataset.sound);
    const played = audio.play();
    if (played && played.catch) played.catch(() => { /* the browser wants a tap on the page first */ });
  }

  function notify(t) {
    if (store("garnet.notify") !== "page" || !("Notification" in window) || Notification.permission !== "granted") return;
    if (document.visibilityState === "visible" && onThisMatch(t.url)) return;  // the player is looking at it
    try {
      const n = new Notification("Your move · " + (t.game || "Garnet"), {
        body: t.label + (t.live ? ": a live round, now." : "."), tag: "match-" + t.match, renotify: true,
        icon: icon ? icon.dataset.iconTurn : undefined,
      });
      n.onclick = () => { window.focus(); location.href = t.url; n.close(); };
    } catch (err) { /* a browser that only notifies from a service worker (Android Chrome) */ }
  }

  function yourTurn(t) {
    turns[String(t.match)] = t;
    draw();
    notify(t);
    if (t.live) sound();
    window.garnetTurns.events += 1;
  }

  function resync() {
    fetch(nav.dataset.turnsUrl, { credentials: "same-origin", headers: { Accept: "application/json" } })
      .then((r) => (r.ok ? r.json() : null))
      .then((body) => { if (body) { keep(body.turns); fromPage(); draw(); } })
      .catch(() => { /* the next event or page load corrects it */ });
  }

  window.garnetTurns = { count: () => Object.keys(turns).length, events: 0, draw: draw, sound: sound };

  document.addEventListener("DOMContentLoaded", () => {
    fromPage();
    draw();
    setInterval(draw, 5000);
    document.body.addEventListener("htmx:afterSettle", fromPage);
    if (window.garnetSocket) {
      window.garnetSocket("/ws/me/", {
        message: (data) => { if (data && data.event === "your_turn") yourTurn(data); },
        resync: resync,
      });
    }
  });
})();
