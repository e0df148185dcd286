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

  // Warriors: show only the active field the picked unit takes (a Blue Mage in the extended
  // version may also fake its disguise's active).
  function warriors(marker) {
    const form = marker.closest("form") || document;
    const extended = marker.dataset.variant === "extended";
    const all = {"chocobo": "", "carbuncle": "", "astrologian": "guess", "white mage": "guess", "blue mage": "disguise",
      "dancer": "select", "ninja": "rounds"};
    function sync() {
      const picked = form.querySelector('input[name="' + marker.dataset.unitField + '"]:checked');
      const unit = picked ? picked.value : "";
      const show = {}; show[all[unit] || ""] = true;
      if (unit === "blue mage" && extended) {
        const d = form.querySelector('[name="' + marker.dataset.disguiseField + '"]');
        if (d && all[d.value]) show[all[d.value]] = true;
      }
      form.querySelectorAll(".warriors-active").forEach((f) => { f.hidden = !show[f.dataset.for]; });
    }
    form.addEventListener("change", sync); sync();
  }

  // Exodia: build the move from the rows and flag each row's problems as the player fills them in.
  function exodia(marker) {
    const you = JSON.parse(document.getElementById("exodia-you").textContent);
    const players = JSON.parse(document.getElementById("exodia-players").textContent);
    const effects = ["steal", "force", "priority", "gift", "immune", "meta", "bomb"];
    const form = marker.closest("form");
    const val = (name) => { const el = form.querySelector('[name="' + name + '"]'); return el ? el.value : ""; };
    const eff = (c) => c.split("/")[0];
    function build() {
      const discard = Array.from(form.querySelectorAll('[name="discard"]:checked')).map((el) => el.value);
      const plays = [], notes = [];
      form.querySelectorAll("tr[data-row]").forEach((tr) => {
        const i = tr.dataset.row, card = val("play_" + i + "_card");
        let target = val("play_" + i + "_target") || null; const extra = val("play_" + i + "_extra") || null;
        notes.push([tr, []]);
        if (!card) return;
        const e = eff(card), p = {card: card}, bad = notes[notes.length - 1][1];
        if (target === "nobody") target = null;
        if (e === "steal") { p.target = target; p.target_card = extra;
          if (!target) bad.push("Steal needs a player"); if (!extra || !you.steal_targets.includes(extra)) bad.push("Steal names a card you don't hold, not in the pile, not a Steal or Bomb"); }
        else if (e === "gift") { p.target = target; p.gift = extra;
          if (!target !== !extra) bad.push("a Gift names a player and a card, or neither");
          if (extra && (extra === card || !you.hand.includes(extra))) bad.push("the gift must be another card you hold"); }
        else if (e === "force") { p.target = target; if (!target) bad.push("Force needs a player"); }
        else if (e === "bomb") { p.target = target; }
        else if (target || extra) bad.push(e + " takes no target (it is ignored)");
        if (discard.includes(card)) bad.push("you discard this card");
        if (plays.some((q) => q.card === card)) bad.push("played twice");
        p._bad = bad; plays.push(p);
      });
      const problems = [];
      const gifts = plays.filter((p) => p.gift).map((p) => p.gift);
      plays.forEach((p) => { if (gifts.includes(p.card)) p._bad.push("this card is also given as a Gift"); });
      if (you.owed && you.owed < you.hand.length && discard.length !== you.owed) problems.push("discard exactly " + you.owed + " card(s)");
      const left = you.hand.filter((c) => !discard.includes(c));
      if (you.owed >= you.hand.length && you.hand.length) { if (plays.length) problems.push("you discard your whole hand and may play nothing"); }
      else if (left.length && !plays.length) problems.push("play at least one card (you are able to)");
      const banned = you.restricted.filter((e) => e !== "bomb");
      const canAvoid = left.some((c) => !banned.includes(eff(c)));
      plays.forEach((p) => { if (banned.includes(eff(p.card)) && canAvoid) p._bad.push("you played " + eff(p.card) + " last round and can avoid it"); });
      if (!canAvoid && plays.length > 1 && plays.some((p) => banned.includes(eff(p.card)))) problems.push("only types you played last round: play just one card");
      const by = (form.querySelector('[name="rank_by"]:checked') || {}).value || "owner";
      const order = [];
      for (let i = 0; i < 7; i++) { const v = val("rank_" + i); if (!v) continue;
        if ((by === "owner" ? players : effects).indexOf(v) < 0) problems.push("ranking #" + (i + 1) + ": " + v + " is not an " + (by === "owner" ? "initial owner" : "effect"));
        else if (order.includes(v)) problems.push("ranking names " + v + " twice"); else order.push(v); }
      notes.forEach(([tr, bad]) => { const used = val("play_" + tr.dataset.row + "_card");
        tr.querySelector(".exodia-check").textContent = used ? (bad.join("; ") || "ok") : ""; });
      form.querySelector("#exodia-problems").innerHTML = problems.map((t) => "<li>" + t + "</li>").join("");
      const clean = plays.map((p) => { const q = Object.assign({}, p); delete q._bad; return q; });
      const hidden = form.querySelector('[name="move_json"]');
      if (hidden) hidden.value = JSON.stringify({play: clean, discard: discard, ranking: {by: by, order: order}});
    }
    form.addEventListener("change", build); build();
  }

  // Sign up: preselect the browser's time zone unless the person chose one.
  function guessZone(form) {
    const s = form.querySelector("select[name=time_zone]");
    if (s && !s.dataset.touched) s.value = Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
  }

  const helpers = [["[data-action-field]", density], ["[data-warriors-form]", warriors],
    ["[data-exodia-form]", exodia], ["form[data-guess-zone]", guessZone]];

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
})();
