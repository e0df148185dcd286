// The match page's own behaviour (issue 12): relative deadlines ("in 3 h 12 min"), scrolling
// tables reachable by keyboard, and stale banners that go when the turn moves on. Loaded as a file: the pages run no inline script.
(function () {
  "use strict";

  function inWords(ms) {
    if (ms <= 0) return "now";
    const s = Math.floor(ms / 1000), d = Math.floor(s / 86400), h = Math.floor((s % 86400) / 3600),
      m = Math.floor((s % 3600) / 60);
    if (d) return "in " + d + " d " + h + " h";
    if (h) return "in " + h + " h " + m + " min";
    if (m) return "in " + m + " min";
    return "in " + s + " s";
  }

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
      const now = turnOf();
      // A "Locked in." or error banner speaks of a turn that is over: it goes with it.
      if (now !== turn) document.querySelectorAll("ul.flash").forEach((el) => el.remove());
      turn = now;
      keptFormDeadline(box); untils(); focusableScrollers(box);
    });
  }

  document.addEventListener("DOMContentLoaded", () => {
    untils(); setInterval(untils, 15000); watchTurns(); focusableScrollers();
  });
})();
