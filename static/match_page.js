// The match page's own behaviour (issue 12): relative deadlines ("in 3 h 12 min"), the form's
// unit cards showing only the active choice the picked unit needs, and stale banners that go
// when the turn moves on. Loaded as a file: the pages run no inline script.
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

  // Warriors' Death: show only the field of the active choice the picked unit takes
  // (an extended Blue Mage may also fake its disguise's active).
  function warriorsSync(form) {
    const picked = form.querySelector(".warriors-pick input[type=radio]:checked");
    const actives = JSON.parse(form.querySelector(".warriors-pick").dataset.actives || "{}");
    const extended = form.querySelector(".warriors-pick").dataset.variant === "extended";
    const unit = picked ? picked.value : "";
    const show = {};
    show[actives[unit] || ""] = true;
    if (unit === "blue mage" && extended) {
      const d = form.querySelector("[data-for=disguise] select");
      if (d && actives[d.value]) show[actives[d.value]] = true;
    }
    form.querySelectorAll(".warriors-active").forEach((f) => {
      f.hidden = !show[f.dataset.for] && !f.querySelector(".errors");
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

  function bindForms(root) {
    (root || document).querySelectorAll("form.move-form").forEach((form) => {
      if (!form.querySelector(".warriors-pick") || form.dataset.bound) return;
      form.dataset.bound = "1";
      form.addEventListener("change", () => warriorsSync(form));
      warriorsSync(form);
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
      bindForms(box); untils(); focusableScrollers(box);
    });
  }

  document.addEventListener("DOMContentLoaded", () => {
    untils(); setInterval(untils, 15000); bindForms(); watchTurns(); focusableScrollers();
  });
})();
