// The creation form's pickers name the players as they are typed: a seat chosen for the first
// player or the dealer, a team's members, a packet's owner read "Alice", not "Seat 1"; a seat
// left empty past the table's size is hidden. The board's grid shows only when the table
// draws its own, and each square takes the colour chosen. Without a script the same form
// works, with the seats counted from 1.
(function () {
  "use strict";
  var each = function (list, fn) { Array.prototype.forEach.call(list, fn); };
  var seats = document.querySelectorAll("input[data-seat]");
  if (!seats.length) { return; }

  function names() {
    var filled = 0;
    each(seats, function (input) {
      var i = input.getAttribute("data-seat");
      var name = input.value.trim();
      if (name) { filled = Number(i) + 1; }
      each(document.querySelectorAll("[data-seat-name='" + i + "']"), function (span) {
        span.textContent = name || span.getAttribute("data-default");
      });
    });
    var shown = Math.max(filled, Number(seats[0].form.getAttribute("data-min-seats") || 0));
    each(document.querySelectorAll("[data-seat-chip]"), function (chip) {
      var i = Number(chip.getAttribute("data-seat-chip"));
      var radio = chip.querySelector("input[type=radio]");
      chip.hidden = i >= shown && !(radio && radio.checked);
    });
  }

  var CLASSES = {R: "red", O: "orange", G: "green", Y: "yellow", "*": "wild", ".": "plain"};
  function board() {
    var own = document.querySelector("input[name='board.own'][value='1']");
    var grid = document.querySelector("[data-own-board]");
    if (!own || !grid) { return; }
    grid.hidden = !own.checked;
  }
  function square(select) {
    var cell = select.closest("td");
    if (!cell) { return; }
    cell.className = "cell sq-letter-" + (CLASSES[select.value] || "plain");
  }

  document.addEventListener("input", function (event) {
    if (event.target.matches && event.target.matches("input[data-seat]")) { names(); }
  });
  document.addEventListener("change", function (event) {
    var target = event.target;
    if (target.name === "board.own") { board(); }
    if (target.matches && target.matches(".layout-grid select")) { square(target); }
  });
  names();
  board();
}());
