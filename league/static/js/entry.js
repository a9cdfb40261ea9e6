// The game entry form on a phone: live preview of the computed points with each message beside its box,
// suggestions under the name boxes, Enter to the next box to type, and a ± key.
// Without JavaScript the "Show points" button does the same on submit, and the server's member finder
// (league/models/member_finder.py) decides who a typed name means either way.
(function () {
  "use strict";
  var form = document.getElementById("game-form");
  if (!form) { return; }
  var preview = document.getElementById("preview");
  var url = form.getAttribute("data-preview-url");
  var timer = null;
  var sent = 0;
  var SUGGESTIONS = 6;

  // -- the live preview ------------------------------------------------------------------------------

  function showFieldErrors(source) {
    // Every box's message place is refreshed from the preview: one message per box, beside it only.
    Array.prototype.forEach.call(form.querySelectorAll(".field-errors[data-errors-for]"), function (slot) {
      slot.innerHTML = "";
      var box = form.elements[slot.getAttribute("data-errors-for")];
      if (box && box.removeAttribute) { box.removeAttribute("aria-invalid"); }
    });
    if (!source) { return; }
    Array.prototype.forEach.call(source.querySelectorAll("[data-errors-for]"), function (found) {
      var name = found.getAttribute("data-errors-for");
      var slot = document.getElementById("errors-" + name);
      if (!slot) { return; }
      slot.innerHTML = found.innerHTML;
      var box = form.elements[name];
      if (box && box.setAttribute) { box.setAttribute("aria-invalid", "true"); }
      var section = slot.closest("details");
      if (section) { section.open = true; }
    });
  }

  function refresh() {
    var data = new FormData(form);
    data.set("action", "preview");
    var ticket = ++sent;
    fetch(url, { method: "POST", body: data, credentials: "same-origin",
                 headers: { "X-Requested-With": "fetch" } })
      .then(function (response) { return response.ok ? response.text() : null; })
      .then(function (html) {
        if (html === null || ticket !== sent) { return; }
        preview.innerHTML = html;
        var live = preview.querySelector(".live-field-errors");
        showFieldErrors(live);
        if (live) { live.parentNode.removeChild(live); }
      })
      .catch(function () { /* offline for a moment: the Save button still checks everything */ });
  }

  function later() {
    window.clearTimeout(timer);
    timer = window.setTimeout(refresh, 350);
  }

  form.addEventListener("input", function (event) {
    if (!event.isComposing) { later(); }  // a kana being converted is not a name yet
  });
  form.addEventListener("compositionend", later);
  form.addEventListener("change", later);
  // A correction opens with the saved game: show its points straight away.
  var firstScore = document.getElementById("id_score_0");
  var firstPoints = document.getElementById("id_points_0");
  var typed = (firstScore && firstScore.value) || (firstPoints && firstPoints.value);
  if (typed && !preview.querySelector("table")) { refresh(); }

  // -- the next box to type --------------------------------------------------------------------------

  var byPoints = form.elements.by_points;

  function typingOrder() {
    // Each seat's player, then its score (or its points): the boxes a hanchan needs, in the order typed.
    var number = byPoints && byPoints.checked ? "points_" : "score_";
    var boxes = [];
    for (var seat = 0; form.elements["player_" + seat]; seat++) {
      boxes.push(form.elements["player_" + seat], form.elements[number + seat]);
    }
    return boxes;
  }

  function complete(boxes) {
    // Every player named, and every number typed but one score, which is filled in from the others.
    var empty = boxes.filter(function (box) { return !box.value.trim(); });
    var pointsMode = byPoints && byPoints.checked;
    return empty.length === 0 || (!pointsMode && empty.length === 1 && /^score_/.test(empty[0].name));
  }

  function next(from) {
    // Focus the next empty box after ``from``; when nothing else is needed, close the keyboard and show
    // the points, with the Save button under them.
    var boxes = typingOrder();
    if (!complete(boxes)) {
      var start = boxes.indexOf(from);
      for (var i = start + 1; i < boxes.length; i++) {
        if (!boxes[i].value.trim()) { boxes[i].focus(); return; }
      }
      for (var j = 0; j < start; j++) {
        if (!boxes[j].value.trim()) { boxes[j].focus(); return; }
      }
    }
    from.blur();
    later();
    preview.scrollIntoView({ block: "nearest" });
  }

  form.addEventListener("keydown", function (event) {
    var box = event.target;
    if (event.key !== "Enter" || !box.hasAttribute || !box.hasAttribute("data-typing-box")) { return; }
    if (event.isComposing || event.keyCode === 229) { return; }  // Enter that confirms a kana conversion
    event.preventDefault();  // not the form's first button ("Show points"): the next box instead
    var list = box.hasAttribute("aria-controls") && document.getElementById(box.getAttribute("aria-controls"));
    var only = list && !list.hidden && list.querySelectorAll("button").length === 1 && list.querySelector("button");
    if (only && box.value.trim() && only.getAttribute("data-name") !== box.value.trim()) {
      only.click();  // one member begins with what is typed: Enter takes it
      return;
    }
    next(box);
  });

  // -- suggestions under a name box -------------------------------------------------------------------

  var choicesData = document.getElementById("member-choices");
  var members = choicesData ? JSON.parse(choicesData.textContent) : [];
  var boxes = form.querySelectorAll("input[aria-controls^='suggest-']");
  var lastTable = Array.prototype.map.call(boxes, function (box) { return box.value.trim(); })
    .filter(function (name) { return name; });

  function key(text) {
    // As the finder's keys: NFKC, katakana as hiragana, lower case, no spaces.
    return (text || "").normalize("NFKC").replace(/[\u30a1-\u30f6]/g, function (c) {
      return String.fromCharCode(c.charCodeAt(0) - 0x60);
    }).toLowerCase().replace(/\s+/g, "");
  }

  function byName(name) {
    for (var i = 0; i < members.length; i++) { if (members[i].name === name) { return members[i]; } }
    return null;
  }

  function matching(text) {
    var typedKey = key(text);
    if (!typedKey || byName(text.trim())) {
      // Nothing typed yet, or a whole name: offer the players of the table's last game, one tap each.
      return lastTable.filter(function (name) { return name !== text.trim(); }).map(function (name) {
        return byName(name) || { name: name, kana: "" };
      });
    }
    return members.filter(function (member) {
      return member.keys.some(function (k) { return k.indexOf(typedKey) === 0; });
    }).slice(0, SUGGESTIONS);
  }

  function hideAll(except) {
    Array.prototype.forEach.call(form.querySelectorAll(".name-suggestions"), function (list) {
      if (list !== except) { list.hidden = true; }
    });
  }

  function choose(box, name) {
    // Blur first: an IME still composing commits its kana on blur, and must not overwrite the name.
    box.blur();
    var other = Array.prototype.filter.call(boxes, function (b) { return b !== box && b.value.trim() === name; })[0];
    var current = box.value.trim();
    if (other && (!current || byName(current))) {
      other.value = current;  // the player was in another seat: the two seats swap
    }
    box.value = name;
    box.dispatchEvent(new Event("input", { bubbles: true }));
    hideAll(null);
    next(box);
  }

  function suggest(box) {
    var list = document.getElementById(box.getAttribute("aria-controls"));
    hideAll(list);
    var found = matching(box.value);
    list.innerHTML = "";
    found.forEach(function (member) {
      var button = document.createElement("button");
      button.type = "button";
      button.className = "secondary outline";
      button.textContent = member.name;
      button.setAttribute("data-name", member.name);
      if (member.kana) {
        var reading = document.createElement("small");
        reading.textContent = member.kana;
        button.appendChild(reading);
      }
      // Keep the focus (and the phone's keyboard) in the box until the tap is complete.
      button.addEventListener("pointerdown", function (event) { event.preventDefault(); });
      button.addEventListener("mousedown", function (event) { event.preventDefault(); });
      button.addEventListener("click", function () { choose(box, member.name); });
      list.appendChild(button);
    });
    list.hidden = found.length === 0;
  }

  Array.prototype.forEach.call(boxes, function (box) {
    // Suggestions follow every change, kana still being converted included (a phone's keyboard sends
    // input events while composing, and compositionend when done).
    box.addEventListener("input", function () { suggest(box); });
    box.addEventListener("compositionend", function () { suggest(box); });
    box.addEventListener("focus", function () {
      suggest(box);
      // A name left from the last game is replaced by typing over it (after the tap has placed the caret).
      var left = box.value;
      window.setTimeout(function () {
        if (left && document.activeElement === box && box.value === left) { box.select(); }
      }, 0);
    });
  });
  form.addEventListener("focusin", function (event) {
    var target = event.target;
    if (target.closest && !target.closest(".name-suggestions") && !target.hasAttribute("aria-controls")) {
      hideAll(null);
    }
  });
  document.addEventListener("keydown", function (event) {
    if (event.key === "Escape") { hideAll(null); }
  });

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
