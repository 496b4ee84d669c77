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
