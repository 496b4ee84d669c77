// The API's interactive docs (Swagger UI, served by the app): started from this file rather
// than a script written into the page, which the Content-Security-Policy would not run.
(function () {
  "use strict";
  var container = document.getElementById("swagger-ui-container");
  var config = JSON.parse(container.getAttribute("data-config") || "{}");
  config.url = container.getAttribute("data-spec-url");
  config.dom_id = "#swagger-ui-container";
  window.ui = window.SwaggerUIBundle(config);
}());
