// The designer's inputs that depend on another choice (progressive enhancement: without this script every
// input stays visible, its help text saying when it applies). Hidden inputs are still sent; the server reads
// only what applies.
//  - [data-end-rules="rounds first_to"]: shown for those choices of "The match ends".
//  - [data-kinds="main"]: shown for a Main Match or a Death Match; a switch to a Death Match sets its
//    Tokens of Life to 0 (a Death Match's outcome is its winner and its loser).
//  - [data-when-param="target"][data-when-values="mean median"]: a mechanic's param shown for those values
//    of another param of the same mechanic.
(function () {
  var form = document.getElementById("design");
  if (!form) return;
  function listed(el, key, value) { return el.dataset[key].split(" ").indexOf(value) >= 0; }
  function sync() {
    var rule = form.querySelector('input[name="end_rule"]:checked');
    form.querySelectorAll("[data-end-rules]").forEach(function (el) {
      el.hidden = !!rule && !listed(el, "endRules", rule.value);
    });
    var kind = document.getElementById("d-kind");
    form.querySelectorAll("[data-kinds]").forEach(function (el) {
      el.hidden = !!kind && !listed(el, "kinds", kind.value);
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
      var tokens = document.getElementById("d-outcome-tokens");
      if (tokens) tokens.value = "0";
    }
    sync();
  });
  sync();
})();
