// The scoreboard follows the match: fetch its changing part every few seconds.
(function () {
  "use strict";
  var board = document.getElementById("board");
  if (!board || !window.fetch) { return; }
  var url = board.getAttribute("data-live");
  var seq = board.querySelector("[data-seq]").getAttribute("data-seq");
  function poll() {
    fetch(url, { cache: "no-store" }).then(function (response) {
      if (!response.ok) { throw new Error(response.status); }
      var latest = response.headers.get("X-Last-Seq");
      return response.text().then(function (html) {
        if (latest !== seq) { board.innerHTML = html; seq = latest; }
      });
    }).catch(function () { /* the next poll tries again */ })
      .then(function () { setTimeout(poll, 2000); });
  }
  setTimeout(poll, 2000);
}());
