// The move pad follows the match: on each move pushed by the match's event stream it fetches
// this seat's view again, redraws the table, the standings and the buttons (unless a move is
// being entered there) and says so. Without EventSource it polls the log's last seq every two
// seconds and redraws the same way. Every form says the seq it was drawn at (``seen``): a form
// left alone while a move was entered there is checked against that table when it is sent.
(function () {
  "use strict";
  var note = document.getElementById("stale");
  if (!note || !window.fetch) { return; }
  var url = note.getAttribute("data-live");
  var stream = note.getAttribute("data-stream");
  var seq = note.getAttribute("data-seq");
  var busy = false, again = false;

  function swap(fresh, selector, unlessBusy) {
    var mine = document.querySelector(selector);
    var theirs = fresh.querySelector(selector);
    if (!mine || !theirs) { return; }
    if (unlessBusy && mine.contains(document.activeElement)) { return; }
    if (selector === "details.table-details") { theirs.open = mine.open; }
    mine.replaceWith(theirs);
  }

  function redraw() {
    if (busy) { again = true; return; }
    busy = true;
    fetch(window.location.pathname + window.location.search, {
      cache: "no-store", credentials: "same-origin"
    }).then(function (response) {
      if (!response.ok) { throw new Error(response.status); }
      return response.text();
    }).then(function (html) {
      var fresh = new DOMParser().parseFromString(html, "text/html");
      swap(fresh, "section.now", false);
      swap(fresh, "details.table-details", false);
      swap(fresh, "section.quick-moves", true);
      var latest = fresh.getElementById("stale");
      if (latest) { seq = latest.getAttribute("data-seq"); note.setAttribute("data-seq", seq); }
      note.textContent = "Move #" + seq + " was logged: the table below is up to date.";
      note.hidden = false;
    }).catch(function () { note.hidden = false; })
      .then(function () {
        busy = false;
        if (again) { again = false; redraw(); }
      });
  }

  if (window.EventSource && stream) {
    var source = new EventSource(stream + "?after=" + encodeURIComponent(seq));
    source.addEventListener("move", function (event) {
      if (Number(event.lastEventId) > Number(seq)) { redraw(); }
    });
    return;
  }
  function poll() {
    fetch(url, { method: "HEAD", cache: "no-store" }).then(function (response) {
      var latest = response.headers.get("X-Last-Seq");
      if (response.ok && latest && latest !== seq) { redraw(); }
      setTimeout(poll, 2000);
    }).catch(function () { setTimeout(poll, 4000); });
  }
  setTimeout(poll, 2000);
}());

// Cards of one rank are logged in the order they were tapped (the last ends on top): the
// checkboxes alone would post them in the page's order.
(function () {
  "use strict";
  var groups = document.querySelectorAll("fieldset.laid-order");
  Array.prototype.forEach.call(groups, function (group) {
    var field = document.getElementById(group.getAttribute("data-order"));
    if (!field) { return; }
    var order = [];
    function show() {
      field.value = order.join(" ");
      Array.prototype.forEach.call(group.querySelectorAll("input[type=checkbox]"), function (box) {
        var badge = box.parentNode.querySelector(".order-badge");
        var at = order.indexOf(box.value);
        if (badge) { badge.textContent = at < 0 ? "" : String(at + 1); }
      });
    }
    group.addEventListener("change", function (event) {
      var box = event.target;
      if (!box || box.type !== "checkbox") { return; }
      order = order.filter(function (v) { return v !== box.value; });
      if (box.checked) { order.push(box.value); }
      show();
    });
    Array.prototype.forEach.call(group.querySelectorAll("input[type=checkbox]:checked"), function (box) {
      order.push(box.value);  // ticked before the script ran (a page restored by the browser)
    });
    show();
  });
}());
