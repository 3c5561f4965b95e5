/* The replay viewer: fetch each position's SVG from the API on demand (prefetching the
   neighbours), step with the buttons, the move list or the arrow keys; new moves arrive
   through live.js (the `leapfrog:match` event). The position fetching and the controls are
   shared with the comparison page (compare.js) as window.LeapfrogPositions and
   window.LeapfrogControls. */
(function () {
  "use strict";

  /* One match's positions: load(n) answers a promise of the SVG after n moves, each fetched
     once; near(n) fetches the neighbours ahead of time; moved(count) takes up a new number
     of moves and forgets what was fetched (an undo or a correction changes positions). */
  function positions(base, total) {
    const cache = new Map();
    function load(n) {
      if (!cache.has(n)) {
        const request = fetch(base + n + ".svg", { credentials: "same-origin" }).then(function (response) {
          if (!response.ok) throw new Error("position " + n + ": HTTP " + response.status);
          return response.text();
        });
        request.catch(function () { cache.delete(n); });
        cache.set(n, request);
      }
      return cache.get(n);
    }
    function near(n) {
      [n - 1, n + 1].forEach(function (m) { if (m >= 0 && m <= total) load(m).catch(function () {}); });
    }
    function keep(n, svg) { cache.set(n, Promise.resolve(svg)); }
    function moved(count) { total = count; cache.clear(); }
    return { load: load, near: near, keep: keep, moved: moved };
  }
  window.LeapfrogPositions = positions;

  /* The stepping controls of a replay: the first/previous/next/last buttons, the move list's
     links and the arrow, Home and End keys, each calling show(n); wanted() and total() say
     which position is asked for and how many moves there are. */
  function controls(root, list, show, wanted, total) {
    const steps = {
      first: function () { return 0; },
      previous: function () { return wanted() - 1; },
      next: function () { return wanted() + 1; },
      last: function () { return total(); },
    };
    root.querySelectorAll("button[data-step]").forEach(function (button) {
      button.addEventListener("click", function () { show(steps[button.dataset.step]()); });
    });
    list.addEventListener("click", function (event) {
      const link = event.target.closest("a[data-n]");
      if (!link) return;
      event.preventDefault();
      show(Number(link.dataset.n));
    });
    document.addEventListener("keydown", function (event) {
      if (event.target.closest("input, textarea, select") || event.altKey || event.ctrlKey || event.metaKey) return;
      const keys = { ArrowLeft: "previous", ArrowRight: "next", Home: "first", End: "last" };
      if (!keys[event.key]) return;
      event.preventDefault();
      show(steps[keys[event.key]]());
    });
  }
  window.LeapfrogControls = controls;

  const root = document.getElementById("replay");
  if (!root) return;
  const board = document.getElementById("board");
  const counter = document.getElementById("counter");
  const list = document.getElementById("move-list");
  let total = Number(root.dataset.total);
  const fetched = positions(root.dataset.url, total);
  const load = fetched.load;
  let current = Number(root.dataset.start);
  let wanted = current;

  function mark(n) {
    counter.textContent = n + " / " + total;
    root.dataset.position = String(n);
    list.querySelectorAll("a[aria-current]").forEach(function (link) { link.removeAttribute("aria-current"); });
    const link = list.querySelector('a[data-n="' + n + '"]');
    if (link) {
      link.setAttribute("aria-current", "step");
      const box = list.getBoundingClientRect();
      const item = link.getBoundingClientRect();
      if (item.top < box.top || item.bottom > box.bottom) list.scrollTop += item.top - box.top - box.height / 2;
    }
  }

  function show(n) {
    n = Math.max(0, Math.min(total, n));
    wanted = n;
    mark(n);
    load(n).then(function (svg) {
      if (wanted !== n) return;
      board.innerHTML = svg;
      current = n;
      root.dataset.shown = String(n);
      history.replaceState(null, "", "?n=" + n);
      fetched.near(n);
    }).catch(function (error) {
      board.insertAdjacentHTML("beforeend", '<p class="message error">' + error.message + "</p>");
    });
  }

  controls(root, list, show, function () { return wanted; }, function () { return total; });
  // A live update (live.js) has drawn the newest position for a reader following the game,
  // or left one looking back where it was: take up the new count.
  document.addEventListener("leapfrog:match", function (event) {
    total = event.detail.count;
    fetched.moved(total);
    wanted = current = Math.min(Number(root.dataset.position), total);
    if (current === total) fetched.keep(total, event.detail.svg);
    mark(current);
  });
  fetched.keep(current, board.innerHTML);
  root.dataset.shown = String(current);
  mark(current);
  fetched.near(current);
})();
