// A "Copy" button for the plain-text summary (shown only when the browser can copy).
(function () {
  "use strict";
  Array.prototype.forEach.call(document.querySelectorAll("button[data-copy]"), function (button) {
    if (!navigator.clipboard) { return; }
    button.hidden = false;
    button.addEventListener("click", function () {
      var source = document.getElementById(button.getAttribute("data-copy"));
      navigator.clipboard.writeText(source.value).then(function () {
        button.setAttribute("aria-pressed", "true");
      });
    });
  });
})();
