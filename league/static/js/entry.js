// The game entry form: live preview of the computed points, and a ± key for phones.
// Without JavaScript the "Show points" button does the same on submit.
(function () {
  "use strict";
  var form = document.getElementById("game-form");
  if (!form) { return; }
  var preview = document.getElementById("preview");
  var url = form.getAttribute("data-preview-url");
  var timer = null;
  var sent = 0;

  function refresh() {
    var data = new FormData(form);
    data.set("action", "preview");
    var ticket = ++sent;
    fetch(url, { method: "POST", body: data, credentials: "same-origin",
                 headers: { "X-Requested-With": "fetch" } })
      .then(function (response) { return response.ok ? response.text() : null; })
      .then(function (html) {
        if (html !== null && ticket === sent) { preview.innerHTML = html; }
      })
      .catch(function () { /* offline for a moment: the Save button still checks everything */ });
  }

  function later() {
    window.clearTimeout(timer);
    timer = window.setTimeout(refresh, 350);
  }

  form.addEventListener("input", later);
  // A correction opens with the saved game: show its points straight away.
  var firstScore = document.getElementById("id_score_0");
  var firstPoints = document.getElementById("id_points_0");
  var typed = (firstScore && firstScore.value) || (firstPoints && firstPoints.value);
  if (typed && !preview.querySelector("table")) { refresh(); }

  form.addEventListener("change", later);

  // Phone keypads often have no minus key: a ± button flips the sign of a score.
  Array.prototype.forEach.call(form.querySelectorAll("button[data-sign-for]"), function (button) {
    button.hidden = false;
    button.addEventListener("click", function () {
      var input = document.getElementById(button.getAttribute("data-sign-for"));
      var value = input.value.trim();
      input.value = /^[-−▲△ー]/.test(value) ? value.slice(1) : "-" + value;
      input.dispatchEvent(new Event("input", { bubbles: true }));
      input.focus();
    });
  });
})();
