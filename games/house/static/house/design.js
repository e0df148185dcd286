// The designer of a dealer's game: show only the inputs that apply. Progressive enhancement: without this
// script every input stays visible, its help text saying when it applies. Hidden inputs stay in the form,
// so a page drawn again after an error keeps what the dealer typed; the server reads only what applies.
//  - [data-field] [data-types="number garnets"]: a field's keys, shown for those field types.
//  - [data-round] [data-when-mechanic] / [data-mechanic="NAME"]: a round's mechanic and that mechanic's params.
//  - [data-round] [data-when-by="best"]: a round's inputs for that way of resolving it.
//  - [data-show-if="ID=v1 v2"]: shown while the select ID has one of those values.
//  - d-turn "custom": the typed turn length.
//  - [data-end-rules="rounds first_to"]: shown for those choices of "The match ends".
//  - [data-kinds="main"]: shown for a Main Match or a Death Match; a switch to a Death Match sets the
//    range the format requires (2 players) and its Tokens of Life to 0 (its outcome is a winner and a loser).
//  - [data-when-param="target"][data-when-values="mean median"]: a mechanic's param shown for those values
//    of another param of the same mechanic.
(function () {
  var form = document.getElementById("design");
  if (!form) return;
  function listed(el, key, value) { return el.dataset[key].split(" ").indexOf(value) >= 0; }
  function setValue(id, value) { var el = document.getElementById(id); if (el) el.value = value; }
  function sync() {
    form.querySelectorAll("[data-field]").forEach(function (fs) {
      var type = fs.querySelector('select[data-role="type"]').value;
      fs.querySelectorAll("[data-types]").forEach(function (el) { el.hidden = !listed(el, "types", type); });
    });
    form.querySelectorAll("[data-round]").forEach(function (r) {
      var by = r.querySelector('select[data-role="by"]').value;
      var mechanic = r.querySelector('select[data-role="mechanic"]').value;
      r.querySelectorAll("[data-when-mechanic]").forEach(function (el) { el.hidden = by !== "mechanic"; });
      r.querySelectorAll("[data-when-by]").forEach(function (el) { el.hidden = el.dataset.whenBy !== by; });
      r.querySelectorAll("[data-mechanic]").forEach(function (el) { el.hidden = el.dataset.mechanic !== mechanic; });
    });
    var turn = document.getElementById("d-turn");
    var custom = document.getElementById("d-turn_seconds-row");
    if (turn && custom) custom.hidden = turn.value !== "custom";
    var rule = form.querySelector('input[name="end_rule"]:checked');
    form.querySelectorAll("[data-end-rules]").forEach(function (el) {
      el.hidden = !!rule && !listed(el, "endRules", rule.value);
    });
    var kind = document.getElementById("d-kind");
    form.querySelectorAll("[data-kinds]").forEach(function (el) {
      el.hidden = !!kind && !listed(el, "kinds", kind.value);
    });
    form.querySelectorAll("[data-show-if]").forEach(function (el) {
      var parts = el.dataset.showIf.split("=");
      var by = document.getElementById(parts[0]);
      el.hidden = !!by && parts[1].split(" ").indexOf(by.value) < 0;
    });
    form.querySelectorAll(".house-mechanic").forEach(function (m) {
      m.querySelectorAll("[data-when-param]").forEach(function (el) {
        var by = m.querySelector('select[data-param-select="' + el.dataset.whenParam + '"]');
        el.hidden = !!by && !listed(el, "whenValues", by.value);
      });
    });
  }
  form.addEventListener("change", function (e) {
    if (e.target.id === "d-kind" && e.target.value === "death") {
      setValue("d-players-min", "2");
      setValue("d-players-max", "2");
      setValue("d-outcome-tokens", "0");
    }
    sync();
  });
  sync();
})();
