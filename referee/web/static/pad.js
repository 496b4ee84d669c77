// The move pad says when someone else logged a move since the page was drawn.
(function () {
  "use strict";
  var note = document.getElementById("stale");
  if (!note || !window.fetch) { return; }
  var url = note.getAttribute("data-live");
  var seq = note.getAttribute("data-seq");
  function poll() {
    fetch(url, { method: "HEAD", cache: "no-store" }).then(function (response) {
      var latest = response.headers.get("X-Last-Seq");
      if (response.ok && latest && latest !== seq) { note.hidden = false; return; }
      setTimeout(poll, 4000);
    }).catch(function () { setTimeout(poll, 8000); });
  }
  setTimeout(poll, 4000);
}());
