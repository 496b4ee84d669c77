// The scoreboard follows the match: on each move pushed by the match's event stream (or, in a
// browser without EventSource or while the server refuses the stream, every few seconds) it
// fetches its changing part again.
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

  function poll() { refresh().then(function () { setTimeout(poll, 2000); }); }

  // The browser reconnects by itself after a network error, sending the last seq it saw: no
  // move is missed. A refusal (503: the server holds all the streams it may) closes the stream
  // for good: then the board polls, and follows the stream again some 15 to 25 seconds later.
  function follow() {
    var source = new EventSource(stream + "?after=" + encodeURIComponent(seq));
    source.addEventListener("move", refresh);
    source.addEventListener("open", refresh);  // catch up after a reconnection
    source.addEventListener("error", function () {
      if (source.readyState !== EventSource.CLOSED) { return; }
      var until = Date.now() + 15000 + Math.random() * 10000;
      (function pollAWhile() {
        if (Date.now() >= until) { follow(); return; }
        refresh().then(function () { setTimeout(pollAWhile, 2000); });
      }());
    });
  }

  if (window.EventSource && stream) { follow(); return; }
  setTimeout(poll, 2000);
}());
