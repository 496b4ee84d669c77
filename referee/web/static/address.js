// A refused move's page was answered to a POST: the address bar is set to the page it really
// is (its data-address), so that reloading it shows that page instead of posting the move again.
(function () {
  "use strict";
  var address = document.currentScript && document.currentScript.getAttribute("data-address");
  if (address && window.history && history.replaceState) {
    history.replaceState(null, "", address);
  }
}());
