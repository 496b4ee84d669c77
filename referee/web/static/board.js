// The scoreboard follows the match: on each move pushed by the match's event stream (or, in a
// browser without EventSource, every few seconds) it fetches its changing part again.
(function () {
  "use strict";
  var board = document.getElementById("board");
  if (!board || !window.fetch) { return; }
  var url = board.getAttribute("data-live");
  var stream = board.getAttribute("data-stream");
  var seq = board.querySelector("[data-seq]").getAttribute("data-seq");
  var busy = false, again = false;

  function refresh() {
    if (busy) { again = true; return Promise.resolve(); }
    busy = true;
    return fetch(url, { cache: "no-store" }).then(function (response) {
      if (!response.ok) { throw new Error(response.status); }
      var latest = response.headers.get("X-Last-Seq");
      return response.text().then(function (html) {
        if (latest !== seq) { board.innerHTML = html; seq = latest; }
      });
    }).catch(function () { /* the next move or poll tries again */ })
      .then(function () {
        busy = false;
        if (again) { again = false; refresh(); }
      });
  }

  if (window.EventSource && stream) {
    // The browser reconnects by itself, sending the last seq it saw: no move is missed.
    var source = new EventSource(stream + "?after=" + encodeURIComponent(seq));
    source.addEventListener("move", refresh);
    source.addEventListener("open", refresh);  // catch up after a reconnection
    return;
  }
  function poll() { refresh().then(function () { setTimeout(poll, 2000); }); }
  setTimeout(poll, 2000);
}());
