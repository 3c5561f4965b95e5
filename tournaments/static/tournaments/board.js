/* The play panel (docs/pages.md, "Playing on the board"). Generic: it knows no game. The
   picture marks its tap targets with data-tap; the JSON in #taps gives every legal action the
   sequence of targets that selects it. The panel highlights the targets that may come next,
   follows the taps, and once they select one action posts it with the panel's action form.
   Escape (or "Start again") clears the taps; the targets are focusable and Enter or Space taps
   one. The panel is fetched again after every post and on the live event "leapfrog:match";
   the clocks count down from the server's figures. Without this script the forms post and
   redirect as usual. */
(function () {
  "use strict";
  const panel = document.getElementById("play-panel");
  if (!panel) return;
  let taps = {};
  let path = [];
  let targets = [];
  let clockTimer = null;
  let busy = false;

  function matching() {
    return Object.keys(taps).filter(function (action) {
      const steps = taps[action];
      return path.every(function (target, index) { return steps[index] === target; });
    });
  }

  function nextTargets() {
    const next = new Set();
    matching().forEach(function (action) {
      if (taps[action].length > path.length) next.add(taps[action][path.length]);
    });
    return next;
  }

  function hint(text) {
    const line = document.getElementById("tap-hint");
    if (!line) return;
    line.textContent = text;
    if (path.length) {
      const again = document.createElement("button");
      again.type = "button";
      again.className = "secondary small-button";
      again.textContent = "Start again";
      again.addEventListener("click", clear);
      line.append(" ", again);
    }
  }

  function highlight() {
    const next = nextTargets();
    targets.forEach(function (element) {
      const id = element.getAttribute("data-tap");
      const possible = next.has(id);
      element.classList.toggle("candidate", possible);
      element.classList.toggle("picked", path.indexOf(id) >= 0);
      if (possible) element.setAttribute("tabindex", "0"); else element.removeAttribute("tabindex");
      element.setAttribute("aria-disabled", possible ? "false" : "true");
    });
    panel.dataset.taps = path.join(" ");
    if (path.length) {
      const names = path.map(function (id) {
        const element = targets.find(function (target) { return target.getAttribute("data-tap") === id; });
        return element ? element.getAttribute("aria-label") : id;
      });
      hint("Chosen: " + names.join(" › ") + ". Tap a highlighted target next (the same one again stops there).");
    } else {
      hint("Tap a highlighted target (or Tab to it and press Enter); Escape starts again.");
    }
  }

  function clear() {
    path = [];
    highlight();
  }

  function showError(text) {
    const box = document.getElementById("board-error");
    if (box) {
      box.textContent = text;
      box.hidden = !text;
    }
  }

  function tap(id) {
    if (busy || !nextTargets().has(id)) return;
    path.push(id);
    const chosen = matching().filter(function (action) { return taps[action].length === path.length; });
    if (chosen.length === 1) {
      const form = document.getElementById("action-form");
      const data = new FormData(form);
      data.set("action", chosen[0]);
      post(form.getAttribute("action"), data);  // form.action would be its "action" buttons
      return;
    }
    highlight();
    const first = targets.find(function (element) { return element.classList.contains("candidate"); });
    if (first && panel.contains(document.activeElement) && document.activeElement !== document.body) first.focus();
  }

  function post(url, data) {
    busy = true;
    panel.setAttribute("aria-busy", "true");
    fetch(url, { method: "POST", body: data, credentials: "same-origin", headers: { "X-Board": "1" } })
      .then(function (response) {
        if (response.ok) return refresh(true);
        return response.text().then(function (text) {
          const said = function () { showError(text || "HTTP " + response.status); };
          if (response.status === 409) return refresh(false).then(said);  // someone moved first: the panel as it is now
          busy = false;
          panel.removeAttribute("aria-busy");
          clear();
          said();
        });
      })
      .catch(function (error) {
        busy = false;
        panel.removeAttribute("aria-busy");
        showError(error.message);
      });
  }

  function refresh(focusHeading) {
    const kept = path.slice();  // taps half made survive a refresh that still allows them
    return fetch(panel.dataset.url, { credentials: "same-origin", headers: { "X-Board": "1" } })
      .then(function (response) {
        if (!response.ok) throw new Error("the panel: HTTP " + response.status);
        return response.text();
      })
      .then(function (html) {
        panel.innerHTML = html;
        busy = false;
        panel.removeAttribute("aria-busy");
        start();
        if (kept.length && !focusHeading) {
          path = kept;
          if (matching().length) highlight(); else clear();
        }
        if (focusHeading) {
          const heading = document.getElementById("play-heading");
          if (heading) { heading.setAttribute("tabindex", "-1"); heading.focus(); }
        }
        document.dispatchEvent(new CustomEvent("leapfrog:panel"));
      })
      .catch(function (error) {
        busy = false;
        panel.removeAttribute("aria-busy");
        showError(error.message);
      });
  }

  function shown(ms) {
    const seconds = Math.ceil(Math.max(0, ms) / 1000);  // rounded up: 0:00 only once the time is out
    const hours = Math.floor(seconds / 3600);
    const minutes = Math.floor((seconds % 3600) / 60);
    const rest = String(seconds % 60).padStart(2, "0");
    return hours ? hours + ":" + String(minutes).padStart(2, "0") + ":" + rest : minutes + ":" + rest;
  }

  function startClocks() {
    if (clockTimer) clearInterval(clockTimer);
    clockTimer = null;
    const data = document.getElementById("clocks");
    if (!data) return;
    const clocks = JSON.parse(data.textContent);
    const received = performance.now();  // the figures are the server's as of now: no clock skew
    let asked = false;
    function tick() {
      const spent = performance.now() - received;
      clocks.running.forEach(function (seat) {
        const left = clocks.remaining_ms[seat] - spent;
        const time = panel.querySelector('[data-clock="' + seat + '"] .clock-time');
        if (time) time.textContent = shown(left);
        if (left <= 0 && !asked) { asked = true; setTimeout(refresh, 1500); }  // the server says whether the flag fell
      });
    }
    if (clocks.running.length) clockTimer = setInterval(tick, 250);
  }

  function start() {
    const data = document.getElementById("taps");
    taps = data ? JSON.parse(data.textContent) : {};
    path = [];
    const board = document.getElementById("play-board");
    targets = board ? Array.from(board.querySelectorAll("[data-tap]")) : [];
    targets.forEach(function (element) {
      element.addEventListener("click", function () { tap(element.getAttribute("data-tap")); });
      element.addEventListener("keydown", function (event) {
        if (event.key === "Enter" || event.key === " ") {
          event.preventDefault();
          tap(element.getAttribute("data-tap"));
        }
      });
    });
    panel.querySelectorAll("form[data-board-form]").forEach(function (form) {
      form.addEventListener("submit", function (event) {
        event.preventDefault();
        if (busy) return;
        const data = new FormData(form);
        if (event.submitter && event.submitter.name) data.set(event.submitter.name, event.submitter.value);
        post(form.getAttribute("action"), data);  // form.action would be its "action" buttons
      });
    });
    highlight();
    startClocks();
  }

  document.addEventListener("keydown", function (event) {
    if (event.key === "Escape" && path.length) { event.preventDefault(); clear(); }
  });
  document.addEventListener("leapfrog:match", function () { if (!busy) refresh(false); });
  document.addEventListener("visibilitychange", function () { if (!document.hidden && !busy) refresh(false); });
  start();
})();
