// The submission forms' helpers and the sign-up page's zone guess, as a static file: the
// Content-Security-Policy allows no inline script. Each helper finds its form by a data
// attribute the template sets, and runs again on content htmx swaps in.
(function () {
  "use strict";

  // Density Deck: show the draw controls only while "Draw and discard" is chosen.
  function density(box) {
    const name = box.dataset.actionField;
    const form = box.closest("form") || document;
    function sync() {
      const chosen = form.querySelector('input[name="' + name + '"]:checked');
      box.style.display = chosen && chosen.value !== "draw" ? "none" : "";
    }
    form.querySelectorAll('input[name="' + name + '"]').forEach((el) => el.addEventListener("change", sync));
    sync();
  }

  // Warriors: show only the active field the picked unit takes. The form says which that is (no game
  // data lives here): each unit's radio carries its active choice (data-active). Where the form says a unit's
  // choice may fake another's active (data-fakes), the options of that choice carry theirs, and the chosen
  // option's field shows as well (a Blue Mage's disguise, in the extended version).
  function warriors(marker) {
    const form = marker.closest("form") || document;
    function sync() {
      const picked = form.querySelector('input[name="' + marker.dataset.unitField + '"]:checked');
      const active = picked ? picked.dataset.active || "" : "";
      const show = {}; show[active] = true;
      if (active && marker.dataset.fakes !== undefined) {
        const field = form.querySelector('.warriors-active[data-for="' + active + '"] select');
        const option = field && field.selectedOptions[0];
        if (option && option.dataset.active) show[option.dataset.active] = true;
      }
      form.querySelectorAll(".warriors-active").forEach((f) => { f.hidden = !show[f.dataset.for]; });
    }
    form.addEventListener("change", sync); sync();
  }

  // Exodia has no helper: its rules are checked by the server (games:match_check, over htmx)
  // as the player edits, so no rule is written twice.

  // Sign up: preselect the browser's time zone unless the person chose one.
  function guessZone(form) {
    const s = form.querySelector("select[name=time_zone]");
    if (s && !s.dataset.touched) s.value = Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
  }

  const helpers = [["[data-action-field]", density], ["[data-warriors-form]", warriors],
    ["form[data-guess-zone]", guessZone]];

  function init(root) {
    helpers.forEach(([selector, fn]) => {
      root.querySelectorAll(selector).forEach((el) => {
        if (el.dataset.ready) return;
        el.dataset.ready = "1";
        fn(el);
      });
    });
  }

  document.addEventListener("DOMContentLoaded", () => init(document));
  document.addEventListener("htmx:afterSwap", (e) => init(e.target));

  // An irreversible step asks once (issue 38): a submit button with data-confirm="question" asks it, and a "no"
  // stops the submit. Without JavaScript the form posts as it is (the button's words say what it does).
  document.addEventListener("click", (e) => {
    const button = e.target.closest && e.target.closest("button[data-confirm], input[type=submit][data-confirm]");
    if (!button || button.disabled) return;
    const form = button.form;
    if (form && !form.checkValidity()) return;  // the browser says what is missing first; nothing is sent
    // "{choice}" in the question names the option picked in the form (the Death Match pick: "Pick bob as ...").
    const picked = form && form.querySelector("input[name=choice]:checked");
    // "{player}" names the player chosen in the form's "player" field (the console's Eliminate, issue 46).
    const player = form && form.querySelector("[name=player]");
    const question = button.dataset.confirm.replace("{choice}", picked ? picked.value : "this player")
      .replace("{player}", player && player.value ? player.value : "this player");
    if (!window.confirm(question)) { e.preventDefault(); e.stopPropagation(); }
  }, true);
})();
