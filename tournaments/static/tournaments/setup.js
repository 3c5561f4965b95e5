// The tournament form (and the "Play a game" form): shows the options of the game chosen and
// the settings of the format chosen as the choice changes (without this script, the form's
// "Choose" button does it).
(function () {
  "use strict";
  var form = document.getElementById("tournament-form") || document.getElementById("game-form");
  if (!form) { return; }
  var game = form.querySelector("select[name=game]");
  var format = form.querySelector("select[name=format]");
  var bots = form.querySelector("input[name=bots]");

  function show() {
    form.querySelectorAll("fieldset[data-game]").forEach(function (fieldset) {
      fieldset.hidden = fieldset.getAttribute("data-game") !== game.value;
    });
    form.querySelectorAll("[data-formats]").forEach(function (row) {
      row.hidden = !format || row.getAttribute("data-formats").split(" ").indexOf(format.value) < 0;
    });
    form.querySelectorAll("[data-bots]").forEach(function (fieldset) {
      fieldset.hidden = !bots || !bots.checked;
    });
  }

  form.querySelectorAll(".choose").forEach(function (element) { element.hidden = true; });
  [game, format, bots].forEach(function (control) { if (control) control.addEventListener("change", show); });
  show();
})();
