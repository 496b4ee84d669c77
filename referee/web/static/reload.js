// A screen left on all night (the night's TV board) loads itself again every data-seconds.
(function () {
  "use strict";
  var seconds = Number(document.currentScript.getAttribute("data-seconds")) || 15;
  setTimeout(function () { window.location.reload(); }, seconds * 1000);
}());
