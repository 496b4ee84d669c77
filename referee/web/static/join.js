// A join link carries its token after "#" (/m/<id>/join/link#t=…): browsers never send that
// part to the server, so the token stays out of its request lines, logs and Referer headers.
// This takes the token out of the address (and the history), and posts it with the page's form
// to join: the server keeps it in a cookie and answers with the pad.
(function () {
  "use strict";
  function tokenInAddress() {
    var hash = window.location.hash.replace(/^#/, "");
    return window.URLSearchParams ? new URLSearchParams(hash).get("t") : null;
  }

  function join() {
    var token = tokenInAddress();
    if (!token) { return; }
    document.documentElement.classList.add("joining");
    history.replaceState(null, "", window.location.pathname + window.location.search);
    var send = function () {
      var form = document.getElementById("join-form");
      form.querySelector("[name=link]").value = token;
      form.submit();
    };
    if (document.readyState === "loading") {
      document.addEventListener("DOMContentLoaded", send);
    } else {
      send();
    }
  }

  join();
  window.addEventListener("hashchange", join);  // another link opened over this page
}());
