// The day board keeps itself current: every few seconds it fetches the board's parts as HTML and swaps in
// only those that changed (nothing reloads, nothing flickers, the scroll stays). It asks with the ETag of
// the parts it shows, and while nothing changed the answer is an empty 304: only the clock moves. A hidden
// tab does not ask; when the connection fails, a quiet notice says so and the board catches up on the next
// answer.
(function () {
  "use strict";
  var board = document.querySelector("[data-board-url]");
  if (!board || !window.fetch || !("content" in document.createElement("template"))) { return; }
  var url = board.getAttribute("data-board-url");
  var every = (parseFloat(board.getAttribute("data-board-every")) || 15) * 1000;
  var offline = document.getElementById("board-offline");
  var zone = board.getAttribute("data-board-zone") || undefined;
  var timer = null;
  var asking = false;
  var etag = board.getAttribute("data-board-etag") || null;

  function parts(root) {
    var found = {};
    Array.prototype.forEach.call(root.querySelectorAll("[data-board-part]"), function (part) {
      found[part.getAttribute("data-board-part")] = part;
    });
    return found;
  }

  // A switch the reader set inside a part ("show all columns") keeps its state when the part is replaced.
  function keepSwitches(from, to) {
    var before = from.querySelectorAll("input[type=checkbox]");
    var after = to.querySelectorAll("input[type=checkbox]");
    for (var i = 0; i < Math.min(before.length, after.length); i += 1) { after[i].checked = before[i].checked; }
  }

  function swap(html) {
    var incoming = document.createElement("template");
    incoming.innerHTML = html;
    var fresh = parts(incoming.content);
    var shown = parts(board);
    Object.keys(fresh).forEach(function (name) {
      var current = shown[name];
      if (current && current.innerHTML !== fresh[name].innerHTML) {
        keepSwitches(current, fresh[name]);
        current.replaceWith(fresh[name]);
      }
    });
  }

  // "Updated at" says when the board last heard from the site, in the club's time.
  function tick() {
    var clock = board.querySelector("[data-board-clock]");
    if (!clock || !window.Intl) { return; }
    try {
      clock.textContent = new Intl.DateTimeFormat("en-GB", { hour: "2-digit", minute: "2-digit", hourCycle: "h23",
        timeZone: zone }).format(new Date());
    } catch (error) { /* an unknown zone: the clock keeps the site's last time */ }
  }

  function connected(yes) {
    if (offline) { offline.hidden = yes; }
  }

  function schedule() {
    window.clearTimeout(timer);
    timer = document.hidden ? null : window.setTimeout(ask, every);
  }

  function ask() {
    if (asking || document.hidden) { return; }
    asking = true;
    var headers = { "X-Requested-With": "fetch" };
    if (etag) { headers["If-None-Match"] = etag; }
    // "no-store": the browser's cache stays out of it, so a 304 reaches this script as it is.
    fetch(url, { credentials: "same-origin", cache: "no-store", headers: headers })
      .then(function (response) {
        if (response.status === 304) { return null; }
        if (!response.ok) { throw new Error(String(response.status)); }
        etag = response.headers.get("ETag");
        return response.text();
      })
      .then(function (html) {
        if (html === null) { tick(); } else { swap(html); }
        connected(true);
      })
      .catch(function () { connected(false); })
      .then(function () { asking = false; schedule(); });
  }

  document.addEventListener("visibilitychange", function () {
    if (document.hidden) { window.clearTimeout(timer); timer = null; } else { ask(); }
  });
  window.addEventListener("online", ask);
  schedule();
})();
