// The move pad follows the match: on each move pushed by the match's event stream it fetches
// this seat's view again, redraws the table, the standings and the buttons (unless a move is
// being entered there) and says so. Without EventSource, or while the server refuses the stream,
// it polls the log's last seq every two seconds and redraws the same way. Every form says the
// seq it was drawn at (``seen``): a form left alone while a move was entered there is checked
// against that table when it is sent.
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
      document.dispatchEvent(new CustomEvent("pad:redrawn"));
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

  // One look at the log's last seq: redraw when it moved on. Resolves true when it answered.
  function look() {
    return fetch(url, { method: "HEAD", cache: "no-store" }).then(function (response) {
      var latest = response.headers.get("X-Last-Seq");
      if (response.ok && latest && latest !== seq) { redraw(); }
      return true;
    }).catch(function () { return false; });
  }
  function poll() {
    look().then(function (answered) { setTimeout(poll, answered ? 2000 : 4000); });
  }

  function streamAddress() { return stream + "?after=" + encodeURIComponent(seq); }
  function moved(event) { if (Number(event.lastEventId) > Number(seq)) { redraw(); } }

  // On each move pushed (follow.js: polls while the server refuses the stream).
  if (window.EventSource && stream) {
    window.refereeFollow(streamAddress, { move: moved }, look);
    return;
  }
  setTimeout(poll, 2000);
}());

// The pickers, with a script: the order cards are tapped in is kept, a known card fills itself
// in, and the pickers of several cards show one after the other. The handlers are delegated
// from the document, so a pad redrawn by the live update keeps them.
(function () {
  "use strict";
  var each = function (list, fn) { Array.prototype.forEach.call(list, fn); };

  // Cards of one rank (Plouc): the suits in the order tapped, the last ending on top.
  function laidOrder(group, box) {
    var field = document.getElementById(group.getAttribute("data-order"));
    if (!field) { return; }
    var order = field.value ? field.value.split(" ") : [];
    if (box) {
      order = order.filter(function (v) { return v !== box.value; });
      if (box.checked) { order.push(box.value); }
    }
    each(group.querySelectorAll("input[type=checkbox]:checked"), function (b) {
      if (order.indexOf(b.value) < 0) { order.push(b.value); }  // a page restored by the browser
    });
    order = order.filter(function (v) {
      var b = group.querySelector("input[type=checkbox][value='" + v + "']");
      return b && b.checked;
    });
    field.value = order.join(" ");
    each(group.querySelectorAll("input[type=checkbox]"), function (b) {
      var badge = b.parentNode.querySelector(".order-badge");
      var at = order.indexOf(b.value);
      if (badge) { badge.textContent = at < 0 ? "" : String(at + 1); }
    });
  }

  // Cards of any rank (CrocoNounours): one picker per card, shown as the previous is filled.
  function complete(card) {
    var rank = card.querySelector("input[name$='.rank']:checked");
    if (!rank) { return false; }
    return rank.value === "JK" || !!card.querySelector("input[name$='.suit']:checked");
  }
  function faceOf(card) {
    var rank = card.querySelector("input[name$='.rank']:checked");
    var suit = card.querySelector("input[name$='.suit']:checked");
    var text = rank ? rank.parentNode.querySelector(".face").textContent : "";
    if (suit && rank && rank.value !== "JK") { text += suit.parentNode.querySelector(".sign").textContent; }
    return {text: text, red: !!(suit && suit.parentNode.classList.contains("red"))};
  }
  // A card picked folds into its face (tap it to change it); the next picker opens.
  function sequence(seq, editing) {
    var field = document.getElementById(seq.getAttribute("data-order"));
    var order = field && field.value ? field.value.split(" ") : [];
    var cards = seq.querySelectorAll(".seq-card");
    var open = true;
    each(cards, function (card) {
      var index = card.getAttribute("data-index");
      var done = complete(card);
      if (done && order.indexOf(index) < 0) { order.push(index); }
      if (!done) { order = order.filter(function (v) { return v !== index; }); }
      card.hidden = !open && !done;
      if (!done) { open = false; }
      var folded = done && card !== editing;
      var summary = card.querySelector(".seq-picked");
      if (summary) {
        var face = faceOf(card);
        summary.hidden = !folded;
        summary.classList.toggle("red", face.red);
        summary.querySelector(".picked-face").textContent = face.text;
      }
      card.classList.toggle("folded", folded);
    });
    if (field) { field.value = order.join(" "); }
  }

  // CitronCoco: tapping a card of the row the table knows picks its card too.
  function knownCard(box) {
    var group = box.closest("fieldset.row-chips");
    var value = box.getAttribute("data-value");
    if (!group || value === null || !box.form) { return; }
    var target = box.form.querySelector("input[type=radio][name='p." + group.getAttribute("data-fills") + "'][value='" + value + "']");
    if (target) { target.checked = true; }
  }

  function arrange(root) {
    each(root.querySelectorAll("fieldset.laid-order"), function (g) { laidOrder(g, null); });
    each(root.querySelectorAll("fieldset.card-seq"), function (seq) { sequence(seq, null); });
  }
  // Neurotrio: once the card is picked, light the cells of the domain where it fits.
  function fitting(form) {
    var data = form.querySelector("script.fits-data");
    if (!data) { return; }
    var parts = ["0", "1", "2"].map(function (i) {
      var box = form.querySelector("input[name='part.card." + i + "']:checked");
      return box ? box.value : "";
    });
    var picked = parts.indexOf("") < 0;
    var cells = picked ? (JSON.parse(data.textContent)[parts.join("-")] || []) : [];
    each(form.querySelectorAll("td[data-cell]"), function (td) {
      var fits = cells.indexOf(td.getAttribute("data-cell")) >= 0;
      td.classList.toggle("fits", picked && fits);
      td.classList.toggle("no-fit", picked && !fits);
    });
  }
  document.addEventListener("change", function (event) {
    var box = event.target;
    if (!box || !box.closest) { return; }
    if (box.form && box.name && box.name.indexOf("part.card.") === 0) { fitting(box.form); }
    var group = box.closest("fieldset.laid-order");
    if (group && box.type === "checkbox") { laidOrder(group, box); }
    var seq = box.closest("fieldset.card-seq");
    if (seq) {
      var card = box.closest(".seq-card");
      sequence(seq, box.name.slice(-5) === ".rank" && !complete(card) ? card : null);
    }
    if (box.closest("fieldset.row-chips") && box.checked) { knownCard(box); }
  });
  document.addEventListener("click", function (event) {
    var summary = event.target.closest && event.target.closest(".seq-picked");
    if (!summary) { return; }
    var card = summary.closest(".seq-card");
    summary.hidden = true;
    card.classList.remove("folded");
  });
  document.addEventListener("pad:redrawn", function () { arrange(document); });
  arrange(document);
}());
