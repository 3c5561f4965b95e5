/* The replay viewer: fetch each position's SVG from the API on demand (prefetching the
   neighbours), step with the buttons, the move list or the arrow keys. */
(function () {
  "use strict";
  const root = document.getElementById("replay");
  if (!root) return;
  const board = document.getElementById("board");
  const counter = document.getElementById("counter");
  const list = document.getElementById("move-list");
  const total = Number(root.dataset.total);
  const base = root.dataset.url;
  const cache = new Map();
  let current = Number(root.dataset.start);
  let wanted = current;

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
      [n - 1, n + 1].forEach(function (near) { if (near >= 0 && near <= total) load(near).catch(function () {}); });
    }).catch(function (error) {
      board.insertAdjacentHTML("beforeend", '<p class="message error">' + error.message + "</p>");
    });
  }

  const steps = {
    first: function () { return 0; },
    previous: function () { return wanted - 1; },
    next: function () { return wanted + 1; },
    last: function () { return total; },
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
  cache.set(current, Promise.resolve(board.innerHTML));
  root.dataset.shown = String(current);
  mark(current);
  [current - 1, current + 1].forEach(function (near) { if (near >= 0 && near <= total) load(near).catch(function () {}); });
})();
