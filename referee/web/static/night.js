// The night's TV view follows the night: every second it asks whether the night changed (a
// move, a finished match, new points) and, when it did, fetches its changing part again. An
// unchanged night costs one short read and a 304.
(function () {
  "use strict";
  var live = document.getElementById("night-live");
  if (!live || !window.fetch) { return; }
  var url = live.getAttribute("data-live");
  var version = live.getAttribute("data-version");

  function poll() {
    fetch(url, { cache: "no-store", headers: { "If-None-Match": '"' + version + '"' } })
      .then(function (response) {
        if (response.status !== 200) { return null; }
        var latest = (response.headers.get("ETag") || "").replace(/"/g, "");
        return response.text().then(function (html) {
          live.innerHTML = html;
          version = latest;
        });
      })
      .catch(function () { /* the next poll tries again */ })
      .then(function () { setTimeout(poll, 1000); });
  }
  setTimeout(poll, 1000);
}());
