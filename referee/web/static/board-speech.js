// The board reads aloud, when asked: each missplay or penalty and each round's end, in the
// page's language, with the browser's speech synthesis. Off until the switch is pressed (the
// gesture a browser needs before it speaks); a language the browser has no voice for is said
// on the board and the switch stays off. What the board showed before the switch was pressed
// is not read: only what comes after.
(function () {
  "use strict";
  var box = document.querySelector(".speech");
  var board = document.getElementById("board");
  if (!box || !board) { return; }
  var button = box.querySelector(".speech-switch");
  var status = box.querySelector(".speech-status");
  var synth = window.speechSynthesis;
  var on = false, voice = null, said = {};

  function lines() { return board.querySelectorAll(".speech-lines li[data-key]"); }
  function language() {
    var list = board.querySelector(".speech-lines");
    return (list && list.getAttribute("data-lang")) || document.documentElement.lang || "en";
  }

  function speak(text) {
    var utterance = new window.SpeechSynthesisUtterance(text);
    utterance.lang = voice.lang;
    try { utterance.voice = voice; } catch (err) { /* a voice this browser did not list */ }
    synth.speak(utterance);
  }

  function markAll(read) {
    Array.prototype.forEach.call(lines(), function (li) {
      var key = li.getAttribute("data-key");
      if (said[key]) { return; }
      said[key] = true;
      if (read) { speak(li.textContent.replace(/\s+/g, " ").trim()); }
    });
  }

  function voiceFor(lang) {
    var want = lang.toLowerCase().split("-")[0];
    var voices = synth.getVoices() || [];
    return voices.filter(function (v) {
      return (v.lang || "").toLowerCase().replace("_", "-").split("-")[0] === want;
    }).sort(function (a, b) { return (b.localService ? 1 : 0) - (a.localService ? 1 : 0); })[0] || null;
  }

  // Voices may load after the page: wait for them a moment before saying there is none.
  function withVoice(then) {
    var found = voiceFor(language());
    if (found || (synth.getVoices() || []).length) { then(found); return; }
    var done = false;
    function settle() {
      if (done) { return; }
      done = true;
      then(voiceFor(language()));
    }
    synth.addEventListener("voiceschanged", settle, { once: true });
    setTimeout(settle, 1500);
  }

  function set(state) {
    on = state;
    button.setAttribute("aria-pressed", state ? "true" : "false");
  }

  button.addEventListener("click", function () {
    if (on) { set(false); synth.cancel(); status.textContent = ""; return; }
    if (!synth || !window.SpeechSynthesisUtterance) {
      status.textContent = box.getAttribute("data-no-speech");
      return;
    }
    withVoice(function (found) {
      if (!found) { status.textContent = box.getAttribute("data-no-voice"); return; }
      voice = found;
      said = {};
      markAll(false);
      set(true);
      status.textContent = box.getAttribute("data-on");
      speak(box.getAttribute("data-on"));
    });
  });

  new MutationObserver(function () { if (on) { markAll(true); } })
    .observe(board, { childList: true, subtree: true });
}());
