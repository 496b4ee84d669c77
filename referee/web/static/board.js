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
        if (latest !== seq) {
          // a move's clause someone opened stays open across the refresh
          var open = Array.prototype.map.call(
            board.querySelectorAll("li[data-seq] > details[open]"),
            function (d) { return d.parentNode.getAttribute("data-seq"); });
          board.innerHTML = html; seq = latest;
          open.forEach(function (at) {
            var again = board.querySelector('li[data-seq="' + at + '"] > details');
            if (again) { again.open = true; }
          });
        }
      });
    }).catch(function () { /* the next move or poll tries again */ })
      .then(function () {
        busy = false;
        if (again) { again = false; refresh(); }
      });
  }

  function poll() { refresh().then(function () { setTimeout(poll, 2000); }); }

  function streamAddress() { return stream + "?after=" + encodeURIComponent(seq); }

  // On each move, and on each (re)connection to catch up (follow.js: polls while refused).
  if (window.EventSource && stream) {
    window.refereeFollow(streamAddress, { move: refresh, open: refresh }, refresh);
    return;
  }
  setTimeout(poll, 2000);
}());
