// The match page's own behaviour (issue 12): relative deadlines ("in 3 h 12 min"), scrolling
// tables reachable by keyboard, and stale banners that go when the turn moves on. Loaded as a file: the pages run no inline script.
(function () {
  "use strict";

  const inWords = window.garnetInWords; // garnet.js, loaded before this file

  function untils() {
    const now = Date.now();
    document.querySelectorAll("[data-until]").forEach((el) => {
      const t = Date.parse(el.dataset.until);
      if (!isNaN(t)) el.textContent = inWords(t - now);
    });
  }

  // A table wider than the phone scrolls in its own box; keyboard users must be able to reach it.
  function focusableScrollers(root) {
    (root || document).querySelectorAll(".table-scroll, .game-view table, .submit table, .panel > table, .subpanel table")
      .forEach((el) => {
        if (el.scrollWidth > el.clientWidth + 1 && !el.hasAttribute("tabindex")) {
          el.setAttribute("tabindex", "0");
          if (el.tagName !== "TABLE") el.setAttribute("role", "region");
          if (!el.getAttribute("aria-label")) el.setAttribute("aria-label", "Table (scrolls sideways)");
        }
      });
  }

  // A kept (hx-preserve) form was drawn before the swap: its countdown follows the turn bar's, which a host
  // may have moved (extended, paused, resumed) within the same turn.
  function keptFormDeadline(box) {
    const bar = box.querySelector(".turnbar .countdown");
    box.querySelectorAll("form.move-form .countdown").forEach((el) => {
      if (bar && bar.dataset.deadline) { el.dataset.deadline = bar.dataset.deadline; el.hidden = false; }
      else el.hidden = true;
    });
  }

  function watchTurns() {
    const box = document.getElementById("live");
    if (!box) return;
    const turnOf = () => { const r = box.querySelector(".live-root"); return r ? r.dataset.turn : ""; };
    let turn = turnOf();
    document.body.addEventListener("htmx:afterSwap", () => {
      const now = turnOf(), moved = now !== turn;
      // A "Locked in." or error banner speaks of a turn that is over: it goes with it.
      if (moved) document.querySelectorAll("ul.flash").forEach((el) => el.remove());
      turn = now;
      keptFormDeadline(box); untils(); focusableScrollers(box);
      // A lock-in that closed the turn is answered at once, and the close's own push lands a moment later;
      // the browser keeps its scroll anchor as the part below the answer changes, which can carry the
      // answer off the top of the screen. Bring it back while it is fresh.
      if (kept && Date.now() < kept.until && document.contains(kept.el) && !inView(kept.el)) {
        kept.el.scrollIntoView({ block: "center" });
      }
      // A new turn that awaits this player: the first screen shows what just happened, then the new form
      // (issue 38), wherever the last lock-in left their thumb. A watcher's place is left alone.
      if (moved) {
        const root = box.querySelector(".live-root"), last = box.querySelector(".last-round");
        if (last && root && root.querySelector("form.move-form") && !inView(last)) {
          kept = null;
          last.scrollIntoView({ block: "start" });
        }
      }
    });
  }

  // The answer to the player's last lock-in, kept in view for a few seconds (see watchTurns).
  let kept = null;

  // Whether an element is wholly inside the screen (above the sticky bar's room at the bottom).
  function inView(el) {
    const r = el.getBoundingClientRect(), bar = document.querySelector("form.move-form .buttons");
    const bottom = innerHeight - (bar && getComputedStyle(bar).position === "sticky" ? bar.offsetHeight : 0);
    return r.top >= 0 && r.bottom <= bottom;
  }

  // The answer to a save is shown where the player is looking (issue 26): a save that keeps the form says so in
  // the sticky bar under their thumb; a lock-in (its form leaves) brings the confirmation into view; a refusal
  // brings the box naming the problem, just above the buttons, into view.
  function answered(e) {
    const target = e.detail.target;
    if (!target || !(target.id === "submit-status" || target.id === "live")) return;
    const flash = target.querySelector("[data-result]");  // this answer's (an older one may stand elsewhere)
    if (!flash) return;
    const status = document.querySelector("#submit-status .confirm");
    if (flash.classList.contains("flash-error")) {
      // Measured once the check box has its (out-of-band) text: it settles after the live part.
      setTimeout(() => {
        const check = document.getElementById("move-check");
        const where = check && check.textContent.trim() ? check : flash;
        if (!inView(where)) where.scrollIntoView({ block: "nearest" });
      }, 60);
      return;
    }
    const bar = document.querySelector("form.move-form .bar-status");
    if (bar && status) {
      bar.textContent = status.classList.contains("locked") ? "🔒 Locked in" : "✔ Saved: " + (status.querySelector("strong") || status).textContent;
      bar.hidden = false;
    }
    if (bar) return;  // the form stays, and so does the player's place in it
    const shown = status || flash;
    if (!inView(shown)) shown.scrollIntoView({ block: "center" });
    kept = { el: shown, until: Date.now() + 3000 };
    if (status) status.focus({ preventScroll: true });
  }

  // "Save and lock in" asks once (issue 38), as the player chose on their Turn alerts page (#live's
  // data-confirm-lock): by default in turn-based rounds only, never in a live round (.live-root[data-live]: a
  // 60-second turn has no time for dialogs), as lichess confirms correspondence moves only; "always" or "never".
  // A move that spends garnets asks in any case, naming the cost: in a game whose moves can spend
  // (data-may-spend) the click asks the rules' check (the server, where the rule lives) what this move costs.
  // Without JavaScript the form posts as it is: the lock-in is final either way, as the button's line says.
  const LOCK_QUESTION = "Lock in this move? A locked move is final: you cannot change it before the turn closes.";

  function asksToLock(form) {
    const live = document.getElementById("live");
    const pref = (live && live.dataset.confirmLock) || "turn-based";
    if (pref === "never") return false;
    if (pref === "always") return true;
    const root = form.closest(".live-root");
    return !(root && root.dataset.live === "1");
  }

  function confirmLock(e) {
    const button = e.target.closest && e.target.closest("form.move-form button[name=lock][value='1']");
    if (!button) return;
    if (button.dataset.confirmed) { delete button.dataset.confirmed; return; }
    const form = button.form, check = form.querySelector("#move-check[hx-post]");
    const ask = asksToLock(form);
    if (!form.hasAttribute("data-may-spend") || !check) {
      if (ask && !window.confirm(LOCK_QUESTION)) { e.preventDefault(); e.stopPropagation(); }
      return;
    }
    e.preventDefault(); e.stopPropagation();
    const go = () => { button.dataset.confirmed = "1"; button.click(); };
    const plain = () => { if (!ask || window.confirm(LOCK_QUESTION)) go(); };
    // A form drawn by a push carries no token of this visitor's: send the page's own, as htmx does (hx-headers).
    let headers = { "HX-Request": "true" };
    try { headers = Object.assign(headers, JSON.parse(document.body.getAttribute("hx-headers") || "{}")); } catch (err) { /* none */ }
    // Over the page's socket when it is open (garnet.js), else a fetch of the same check.
    const live = window.garnetLive && window.garnetLive.check ? window.garnetLive.check(form) : null;
    (live || fetch(check.getAttribute("hx-post"), { method: "POST", body: new FormData(form), credentials: "same-origin", headers })
      .then((r) => r.text()))
      .then((html) => {
        if (html === null) { plain(); return; }  // the socket gave no answer in time: the submit is checked anyway
        const found = /data-cost="(\d+)"/.exec(html), cost = found ? parseInt(found[1], 10) : 0;
        if (cost > 0) {
          if (window.confirm("This move spends " + cost + " garnet" + (cost === 1 ? "" : "s") + ". A locked move is final. Lock it in?")) go();
          return;
        }
        plain();
      })
      .catch(plain);  // the check could not be asked: the submit itself is checked by the server
  }

  document.addEventListener("DOMContentLoaded", () => {
    untils(); setInterval(untils, 15000); watchTurns(); focusableScrollers();
    document.body.addEventListener("htmx:afterSettle", answered);
    document.addEventListener("click", confirmLock, true);
  });
})();
