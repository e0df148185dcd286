// Host console: show only the chosen game's options (every fieldset stays visible without JavaScript).
(function () {
  var game = document.getElementById("id_game");
  if (!game) return;
  function show() {
    document.querySelectorAll(".game-options").forEach(function (f) { f.hidden = f.dataset.game !== game.value; });
  }
  game.addEventListener("change", show);
  show();
})();
