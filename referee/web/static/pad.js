// The move pad follows the match: on each move pushed by the match's event stream it fetches
// this seat's view again and redraws the table, the standings and the buttons (unless a move is
// being entered there) and says so. What stood at the top for an earlier move (its verdict, a
// refusal, the take-back) goes as soon as a later move is logged: the pad shows what is true now.
// The pad says when it is not live (offline, or its stream not connected) and looks at the log
// every two seconds until it is; it reconnects at once when the network returns, and a cheap look
// every 20 seconds catches a connection that died without a word. Every form says the seq it was
// drawn at (``seen``): a form left alone while a move was entered there is checked against that
// table when it is sent. Its words come from the page (the catalogue, in the reader's language).
//
// A move tapped while the phone is offline is kept on it (localStorage, per match and seat) and
// posted when the network returns, with the form's own fields: its key (so it is logged once),
// its ``seen`` (so it is never judged against a table the player did not see) and its CSRF
// token. At most one move waits; a 4xx answer is shown, never retried; a move older than the
// page's CSRF token's lifetime is shown and not sent. Plain script: a LAN's plain HTTP has no
// service workers.
(function () {
  "use strict";
  var note = document.getElementById("stale");
  if (!note || !window.fetch) { return; }
  var words = JSON.parse(document.getElementById("pad-words").textContent);
  var live = document.getElementById("live");
  var waiting = document.getElementById("waiting");
  var url = note.getAttribute("data-live");
  var stream = note.getAttribute("data-stream");
  var seq = Number(note.getAttribute("data-seq"));
  var slot = "referee:pad:" + note.getAttribute("data-match") + ":" + note.getAttribute("data-me");
  var csrfLife = Number(note.getAttribute("data-csrf-life") || "0") * 1000;
  var issued = Date.now();  // when this page's CSRF token was made, near enough
  var busy = false, again = false, source = null, isLive = false, polling = null;
  var topSeq = seq;  // the seq the top of the pad (a verdict, a refusal) was drawn at
  var sending = false;

  function say(text, values) {
    return text.replace(/\{(\w+)\}/g, function (all, name) {
      return Object.prototype.hasOwnProperty.call(values, name) ? String(values[name]) : all;
    });
  }

  // --- redrawing -------------------------------------------------------------------------

  function swap(fresh, selector, unlessBusy) {
    var mine = document.querySelector(selector);
    var theirs = fresh.querySelector(selector);
    if (!mine || !theirs) { return; }
    if (unlessBusy && mine.contains(document.activeElement)) { return; }
    if (selector === "details.table-details") { theirs.open = mine.open; }
    mine.replaceWith(theirs);
  }

  // The pad's address without ``logged``: once a later move is logged, the verdict at the top
  // is no longer the news (the timeline keeps it).
  function addressNow() {
    var params = new URLSearchParams(window.location.search);
    params.delete("logged");
    var query = params.toString();
    return window.location.pathname + (query ? "?" + query : "");
  }

  function drawFrom(fresh, withTop) {
    var latest = fresh.getElementById("stale");
    var at = latest ? Number(latest.getAttribute("data-seq")) : seq;
    if (withTop === true || (withTop === "later" && at > topSeq)) {
      swap(fresh, "#pad-top", false);
      topSeq = at;
    }
    swap(fresh, "section.now", false);
    swap(fresh, "details.table-details", false);
    swap(fresh, "section.quick-moves", true);
    document.dispatchEvent(new CustomEvent("pad:redrawn"));
    if (latest) { seq = at; note.setAttribute("data-seq", seq); }
  }

  // A later move: what stood at the top for an earlier one goes at once, then the page again.
  function redraw() {
    if (busy) { again = true; return; }
    busy = true;
    var top = document.getElementById("pad-top");
    each(top.querySelectorAll(".take-back"), function (form) { form.hidden = true; });
    var address = addressNow();
    if (address !== window.location.pathname + window.location.search) {
      history.replaceState(history.state, "", address);
    }
    fetch(address, { cache: "no-store", credentials: "same-origin" }).then(function (response) {
      if (!response.ok) { throw new Error(response.status); }
      return response.text();
    }).then(function (html) {
      drawFrom(new DOMParser().parseFromString(html, "text/html"), "later");
      note.textContent = say(words.moved, { seq: seq });
      note.hidden = false;
    }).catch(function () { note.hidden = false; })
      .then(function () {
        busy = false;
        if (again) { again = false; redraw(); }
      });
  }

  function each(list, fn) { Array.prototype.forEach.call(list, fn); }

  // --- following the match ---------------------------------------------------------------

  function showLive(state) {  // "live", "offline" or "reconnecting"
    isLive = state === "live";
    live.hidden = isLive;
    live.textContent = isLive ? "" : words[state];
    document.documentElement.setAttribute("data-live", state);
    if (isLive) { stopPolling(); } else { startPolling(); }
  }

  // One look at the log's last seq: redraw when it moved on. Resolves true when it answered.
  function look() {
    return fetch(url, { method: "HEAD", cache: "no-store" }).then(function (response) {
      var latest = Number(response.headers.get("X-Last-Seq"));
      if (response.ok && latest > seq) { redraw(); }
      return response.ok;
    }).catch(function () { return false; });
  }
  function startPolling() {
    if (polling) { return; }
    polling = setInterval(function () { if (navigator.onLine !== false) { look(); } }, 2000);
  }
  function stopPolling() { clearInterval(polling); polling = null; }

  function down() { return navigator.onLine === false ? "offline" : "reconnecting"; }
  function moved(event) { if (Number(event.lastEventId) > seq) { redraw(); } }

  function connect() {
    if (source) { source.close(); }
    if (!window.EventSource || !stream) { startPolling(); return; }  // it follows by looking
    var mine = new EventSource(stream + "?after=" + encodeURIComponent(seq));
    source = mine;
    var notYet = setTimeout(function () {  // a stream that never connects is said, not hidden
      if (source === mine && mine.readyState !== EventSource.OPEN) { showLive(down()); }
    }, 3000);
    mine.addEventListener("open", function () {
      clearTimeout(notYet);
      showLive("live");
      look();  // catch up at once, whatever the stream replays
      send();
    });
    mine.addEventListener("move", moved);
    mine.addEventListener("error", function () {
      if (source !== mine) { return; }
      showLive(down());
      if (mine.readyState === EventSource.CLOSED) {  // refused (503): poll, try again later
        setTimeout(function () { if (source === mine) { connect(); } }, 15000 + Math.random() * 10000);
      }
    });
  }

  window.addEventListener("offline", function () {
    if (source) { source.close(); source = null; }
    showLive("offline");
  });
  window.addEventListener("online", function () { connect(); look(); send(); });
  document.addEventListener("visibilitychange", function () {
    if (document.visibilityState === "visible") { look(); }
  });
  setInterval(function () { if (isLive) { look(); } }, 20000);

  // --- a move kept while offline ----------------------------------------------------------

  function kept() {
    try { return JSON.parse(window.localStorage.getItem(slot) || "null"); } catch (e) { return null; }
  }
  function keep(move) {
    try { window.localStorage.setItem(slot, JSON.stringify(move)); return true; } catch (e) { return false; }
  }
  function drop() {
    try { window.localStorage.removeItem(slot); } catch (e) { /* nothing kept */ }
    waiting.hidden = true;
  }
  function expired(move) { return csrfLife > 0 && Date.now() - move.issued > csrfLife; }

  // The box that says what waits: its words, and a button to forget the move.
  (function () {
    var text = document.createElement("p");
    var forget = document.createElement("button");
    forget.type = "button";
    forget.className = "link";
    forget.textContent = words.forget;
    forget.addEventListener("click", drop);
    waiting.appendChild(text);
    waiting.appendChild(forget);
  }());

  function showWaiting(text, isExpired) {
    waiting.querySelector("p").textContent = text;
    waiting.classList.toggle("expired", !!isExpired);
    waiting.hidden = false;
  }
  function showKept() {
    var move = kept();
    if (!move) { waiting.hidden = true; return; }
    if (expired(move)) { showWaiting(say(words.expired, { move: move.label }), true); return; }
    showWaiting(say(sending ? words.sending : words.waiting, { move: move.label }), false);
  }

  function labelOf(form, submitter) {
    var button = submitter || form.querySelector("button[type=submit], button:not([type])");
    return button ? button.textContent.replace(/\s+/g, " ").trim() : "";
  }

  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (navigator.onLine !== false || !form.action || !/\/moves$/.test(form.action)) { return; }
    event.preventDefault();
    var there = kept();
    if (there) { showWaiting(say(words.one, { move: there.label }), expired(there)); return; }
    var fields = [];
    new FormData(form, event.submitter || null).forEach(function (value, name) {
      fields.push([name, String(value)]);
    });
    keep({ action: form.action, fields: fields, label: labelOf(form, event.submitter),
           issued: issued, at: Date.now() });
    showKept();
  }, true);

  // The answer to a kept move: the pad with its verdict, or with the refusal and what changed.
  function answered(response, html) {
    if (response.redirected) { window.location.replace(response.url + "#verdict"); return; }
    var fresh = new DOMParser().parseFromString(html, "text/html");
    if (!fresh.getElementById("pad-top")) {  // another page (a confirmation, a refusal)
      document.open(); document.write(html); document.close();
      return;
    }
    drawFrom(fresh, true);
    var box = document.getElementById("refused");
    if (box) { box.focus(); }
  }

  function send() {
    var move = kept();
    if (!move || sending || navigator.onLine === false) { showKept(); return; }
    if (expired(move)) { showKept(); return; }
    sending = true;
    showKept();
    fetch(move.action, { method: "POST", body: new URLSearchParams(move.fields),
                         credentials: "same-origin", cache: "no-store" }).then(function (response) {
      if (response.status >= 500) { throw new Error(response.status); }  // kept: sent again later
      return response.text().then(function (html) {
        sending = false;
        drop();
        answered(response, html);
      });
    }).catch(function () {
      sending = false;
      showKept();
      setTimeout(send, 5000);
    });
  }

  connect();
  showKept();
  send();
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
