// The designer of a dealer's game: show only the inputs that apply (a field's type keys, the chosen
// mechanic's params, a typed turn length, the number of rounds). Every input stays in the form, so a
// page drawn again after an error keeps what the dealer typed; the server reads only what applies.
(function () {
  var form = document.getElementById("design");
  if (!form) return;
  function showIf(el, on) { if (el) el.hidden = !on; }
  function sync() {
    form.querySelectorAll("[data-field]").forEach(function (fs) {
      var type = fs.querySelector('select[data-role="type"]').value;
      fs.querySelectorAll("[data-types]").forEach(function (el) {
        el.hidden = el.dataset.types.split(" ").indexOf(type) < 0;
      });
    });
    form.querySelectorAll("[data-round]").forEach(function (r) {
      var by = r.querySelector('select[data-role="by"]').value;
      var mechanic = r.querySelector('select[data-role="mechanic"]').value;
      r.querySelectorAll("[data-when-mechanic]").forEach(function (el) { el.hidden = by !== "mechanic"; });
      r.querySelectorAll("[data-mechanic]").forEach(function (el) { el.hidden = el.dataset.mechanic !== mechanic; });
    });
    var turn = document.getElementById("d-turn");
    if (turn) showIf(document.getElementById("d-turn_seconds-row"), turn.value === "custom");
    var open = form.querySelector('input[name="rounds_mode"][value="open"]');
    if (open) showIf(document.getElementById("d-rounds-row"), !open.checked);
  }
  form.addEventListener("change", function (e) {
    // A Death Match is for exactly 2 players: set the range the format requires.
    if (e.target.id === "d-kind" && e.target.value === "death") {
      document.getElementById("d-players-min").value = "2";
      document.getElementById("d-players-max").value = "2";
    }
    sync();
  });
  sync();
})();
