// On a phone, the visitor's own row of the standings (league/tables/standings.html marks it #my-row) comes into view
// when the page opens below it; a page opened at an anchor, or on a wide screen, is left where it is.
(function () {
  "use strict";
  var row = document.getElementById("my-row");
  if (!row || window.location.hash || !window.matchMedia("(max-width: 767px)").matches) { return; }
  var box = row.getBoundingClientRect();
  if (box.top >= 0 && box.bottom <= window.innerHeight) { return; }
  row.scrollIntoView({block: "center"});
})();
