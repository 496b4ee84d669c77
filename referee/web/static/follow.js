// What the TV's board and a seat's pad share to follow a match's event stream. The browser
// reconnects by itself after a network error, sending the last seq it saw: no move is missed.
// A refusal (503: the server holds all the streams it may) closes the stream for good: the page
// then looks at the match every two seconds, and follows the stream again some 15 to 25
// seconds later. ``address()`` gives the stream's address from the seq the page shows now;
// ``on`` maps the stream's events to their handlers; ``look()`` returns a promise.
window.refereeFollow = function (address, on, look) {
  "use strict";
  function follow() {
    var source = new EventSource(address());
    Object.keys(on).forEach(function (name) { source.addEventListener(name, on[name]); });
    source.addEventListener("error", function () {
      if (source.readyState !== EventSource.CLOSED) { return; }  // it reconnects by itself
      var until = Date.now() + 15000 + Math.random() * 10000;
      (function lookAWhile() {
        if (Date.now() >= until) { follow(); return; }
        look().then(function () { setTimeout(lookAWhile, 2000); });
      }());
    });
  }
  follow();
};
