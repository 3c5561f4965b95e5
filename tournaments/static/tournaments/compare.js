/* Two matches compared: one set of controls (buttons, the aligned move list, the jump to the
   first difference, the arrow keys) steps both boards together; each board fetches its own
   match's positions through replay.js's window.LeapfrogPositions, and a board whose match is
   shorter stays at its last position. */
(function () {
  "use strict";
  const root = document.getElementById("compare");
  if (!root || !window.LeapfrogPositions || !window.LeapfrogControls) return;
  const total = Number(root.dataset.total);
  const counter = document.getElementById("compare-counter");
  const list = document.getElementById("compare-moves");
  const sides = Array.prototype.map.call(root.querySelectorAll(".compare-side"), function (section) {
    const side = {
      section: section,
      board: section.querySelector(".board"),
      caption: section.querySelector('[id^="shown-"]'),
      total: Number(section.dataset.total),
      shown: null,
    };
    side.positions = window.LeapfrogPositions(section.dataset.url, side.total);
    return side;
  });
  let wanted = Number(root.dataset.start);

  function mark(n) {
    counter.textContent = n + " / " + total;
    root.dataset.position = String(n);
    list.querySelectorAll("tr[aria-current]").forEach(function (row) { row.removeAttribute("aria-current"); });
    const row = list.querySelector('tr[data-n="' + n + '"]');
    if (row) row.setAttribute("aria-current", "step");
  }

  function draw(side, n) {
    const at = Math.min(n, side.total);
    side.caption.textContent = "after " + at + " of " + side.total + " move" + (side.total === 1 ? "" : "s");
    return side.positions.load(at).then(function (svg) {
      if (wanted !== n) return;
      side.board.innerHTML = svg;
      side.shown = at;
      side.section.dataset.shown = String(at);
      side.positions.near(at);
    }).catch(function (error) {
      side.board.insertAdjacentHTML("beforeend", '<p class="message error">' + error.message + "</p>");
    });
  }

  function show(n) {
    n = Math.max(0, Math.min(total, n));
    wanted = n;
    mark(n);
    Promise.all(sides.map(function (side) { return draw(side, n); })).then(function () {
      if (wanted !== n) return;
      root.dataset.shown = String(n);
      history.replaceState(null, "", "?n=" + n);
    });
  }

  window.LeapfrogControls(root, list, show, function () { return wanted; }, function () { return total; });
  const jump = document.getElementById("jump");
  if (jump) {
    jump.addEventListener("click", function (event) {
      event.preventDefault();
      show(Number(jump.dataset.n));
      const row = list.querySelector("tr.first-difference");
      if (row) row.scrollIntoView({ block: "nearest" });
    });
  }
  sides.forEach(function (side) {
    const at = Math.min(wanted, side.total);
    side.positions.keep(at, side.board.innerHTML);
    side.shown = at;
    side.section.dataset.shown = String(at);
    side.positions.near(at);
  });
  root.dataset.shown = String(wanted);
  mark(wanted);
})();
