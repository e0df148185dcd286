// The "awaits you" signal (issues 38, 46), on every page of a signed-in player: the tab's title ("(2) Your move
// · ..."), the favicon, the nav's badge on "My matches" and every "Awaits you" list on the page count every step
// awaiting them: a move, a Death Match pick or vote, a Ready, a notice that they were picked or drawn by lot.
// On /ws/me/: "your_turn" (a turn opened) adds one at once; "turn_done" (a turn closed) drops it at once;
// "awaits" (a season step opened or closed) and a "dmo" notice read them all again from /me/turns/. A new one shows a
// notification when the player asked for one on this device, and rings for a live one when they turned the
// sound on. The server draws the same count and lists into every page, so without JavaScript they are there
// on each load.
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
  function keyOf(t) { return String(t.key || t.url || "/matches/" + t.match + "/"); }
  function keep(list) {
    turns = {};
    (list || []).forEach((t) => { turns[keyOf(t)] = t; });
  }
  try { keep(JSON.parse(nav.dataset.turns || "[]")); } catch (err) { /* the server's count stands */ }

  // A step past its deadline no longer waits (the server closes it in a moment).
  function prune() {
    const now = Date.now();
    Object.keys(turns).forEach((k) => {
      const d = turns[k].deadline ? Date.parse(turns[k].deadline) : NaN;
      if (!isNaN(d) && d < now) delete turns[k];
    });
  }

  const inWords = window.garnetInWords; // garnet.js, loaded before this file

  function ordered() {
    const far = 8.64e15;
    return Object.values(turns).sort((a, b) => {
      const da = a.deadline ? Date.parse(a.deadline) : far, db = b.deadline ? Date.parse(b.deadline) : far;
      return da - db;
    });
  }

  // Every "Awaits you" list on the page (My matches, home) says what the badge counts.
  function drawLists(list) {
    document.querySelectorAll("[data-awaits-list]").forEach((box) => {
      const ul = box.querySelector("[data-awaits-items]"), none = box.querySelector("[data-awaits-none]");
      if (!ul) return;
      const want = list.map(keyOf).join("|");
      if (ul.dataset.drawn !== want) {
        ul.dataset.drawn = want;
        ul.textContent = "";
        list.forEach((t) => {
          const li = document.createElement("li"), a = document.createElement("a"), strong = document.createElement("strong");
          li.className = "await-" + (t.kind || "turn");
          a.href = t.url;
          strong.textContent = t.title || "";
          a.appendChild(strong);
          a.appendChild(document.createTextNode((t.title ? " · " : "") + t.label));
          li.appendChild(a);
          const when = document.createElement("span");
          when.className = "muted";
          if (t.kind === "notice") when.textContent = " new";
          else if (!t.deadline) when.textContent = " paused";
          else {
            when.appendChild(document.createTextNode(t.kind === "duel" ? " starts " : " closes "));
            const until = document.createElement("span");
            until.className = "until";
            until.dataset.until = t.deadline;
            until.textContent = inWords(Date.parse(t.deadline) - Date.now());
            when.appendChild(until);
          }
          li.appendChild(when);
          if (t.live) {
            const chip = document.createElement("span");
            chip.className = "chip chip-red";
            chip.textContent = "live";
            li.appendChild(document.createTextNode(" "));
            li.appendChild(chip);
          }
          ul.appendChild(li);
        });
      }
      ul.querySelectorAll("[data-until]").forEach((el) => {
        const t = Date.parse(el.dataset.until);
        if (!isNaN(t)) el.textContent = inWords(t - Date.now());
      });
      ul.hidden = !list.length;
      if (box.hasAttribute("data-awaits-compact")) box.hidden = !list.length;
      if (none) none.hidden = !!list.length;
    });
    document.querySelectorAll("[data-awaits-hide]").forEach((el) => { el.hidden = !!list.length; });
  }

  function draw() {
    prune();
    const list = ordered(), n = list.length;
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
    drawLists(list);
  }

  // On a match page, its live part says whether this match awaits my move (a move saved counts as made).
  function fromPage() {
    const box = document.getElementById("live");
    const root = box && box.querySelector(".live-root");
    if (!root || !box.dataset.match) return;
    const id = box.dataset.match, key = "/matches/" + id + "/";
    const saved = box.querySelector("#submit-status .confirm");
    if (root.dataset.waiting === "1" && !saved) {
      const was = turns[key] || {};
      turns[key] = Object.assign({ label: "Your move", title: "" }, was, { key: key, match: Number(id), url: key,
        deadline: root.dataset.deadline || null, live: root.dataset.live === "1" });
    } else {
      delete turns[key];
    }
    draw();
  }

  function onThisPage(url) { return location.pathname === url; }

  // ``key`` names the call (a match's turn, a step): several tabs hear the same one and the first plays it.
  // Keyed by the call, not by time, so a live round opening right after another still rings.
  function sound(key) {
    if (store("garnet.sound") !== "1") return;
    const id = key || "at " + Date.now();
    if (store("garnet.sound.key") === id) return;
    try { window.localStorage.setItem("garnet.sound.key", id); } catch (err) { /* plays anyway */ }
    const audio = new Audio(nav.dataset.sound);
    const played = audio.play();
    if (played && played.catch) played.catch(() => { /* the browser wants a tap on the page first */ });
  }

  function notify(t) {
    if (store("garnet.notify") !== "page" || !("Notification" in window) || Notification.permission !== "granted") return;
    if (document.visibilityState === "visible" && onThisPage(t.url)) return;  // the player is looking at it
    const turn = !t.kind || t.kind === "turn";
    const title = turn ? "Your move · " + (t.game || t.title || "Garnet") : t.label;
    const body = turn ? t.label + (t.live ? ": a live round, now." : ".") : (t.title || "Garnet");
    try {
      const n = new Notification(title, {
        body: body, tag: turn ? "match-" + t.match : keyOf(t), renotify: true,
        icon: icon ? icon.dataset.iconTurn : undefined,
      });
      n.onclick = () => { window.focus(); location.href = t.url; n.close(); };
    } catch (err) { /* a browser that only notifies from a service worker (Android Chrome) */ }
  }

  function yourTurn(t) {
    t.key = keyOf(t);
    t.kind = "turn";
    turns[t.key] = t;
    draw();
    notify(t);
    if (t.live) sound(t.key + " turn " + (t.turn || ""));
    window.garnetTurns.events += 1;
  }

  // A closed turn leaves at once, unless a newer turn of that match already called the player.
  function turnDone(data) {
    const key = "/matches/" + data.match + "/", t = turns[key];
    if (t && (!t.turn || t.turn <= data.turn)) delete turns[key];
    draw();
  }

  // Read everything again; a step that is new to this page calls the player like a turn.
  let reading = null, again = false, againSignal = false;
  function resync(signal) {
    if (reading) { again = true; againSignal = againSignal || signal; return; }
    const before = new Set(Object.keys(turns));
    reading = fetch(nav.dataset.turnsUrl, { credentials: "same-origin", headers: { Accept: "application/json" } })
      .then((r) => (r.ok ? r.json() : null))
      .then((body) => {
        if (!body) return;
        keep(body.turns);
        fromPage();
        draw();
        if (signal) {
          Object.keys(turns).forEach((k) => {
            const t = turns[k];
            if (before.has(k) || !t.kind || t.kind === "turn") return;
            notify(t);
            if (t.live) sound(k + " until " + (t.deadline || ""));
          });
        }
        window.garnetTurns.reads += 1;
      })
      .catch(() => { /* the next event or page load corrects it */ })
      .finally(() => {
        reading = null;
        if (again) { const s = againSignal; again = false; againSignal = false; resync(s); }
      });
  }

  window.garnetTurns = { count: () => Object.keys(turns).length, events: 0, reads: 0, draw: draw, sound: sound };

  document.addEventListener("DOMContentLoaded", () => {
    fromPage();
    draw();
    setInterval(draw, 1000);
    document.body.addEventListener("htmx:afterSettle", fromPage);
    if (window.garnetSocket) {
      window.garnetSocket("/ws/me/", {
        message: (data) => {
          if (!data) return;
          if (data.event === "your_turn") yourTurn(data);
          else if (data.event === "turn_done") turnDone(data);
          // A notice of being picked, drawn by lot or offered a start counts too; a turn's notice comes with
          // its your_turn, so it needs no read.
          else if (data.event === "awaits" || (data.event === "notice" && data.kind === "dmo")) resync(true);
        },
        resync: () => resync(false),
      });
    }
  });
})();
