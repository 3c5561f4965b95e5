/* Live updates: the page's event stream (server-sent events) keeps a match's board, move list
   and status, or a tournament's progress and standings, up to date as they change. A dropped
   connection is taken up again from the last event seen (Last-Event-ID). A page whose server
   serves no stream names none (no data-live) and this does nothing; a stream refused (503:
   no Redis) is tried again a few times, then left alone, without a word on the page. Each
   match event is also dispatched as the `leapfrog:match` event on document (detail: the
   payload) for the other scripts of the page (the play panel, the replay viewer). */
(function () {
  "use strict";
  const source = document.querySelector("[data-live]");
  if (!source || !window.EventSource) return;
  const url = source.dataset.live;
  const GIVE_UP_AFTER = 3;
  let last = "";
  let refusals = 0;
  let stream = null;

  function moveItem(move, current) {
    const item = document.createElement("li");
    const link = document.createElement("a");
    link.href = "?n=" + move.number;
    link.dataset.n = String(move.number);
    if (move.number === current) link.setAttribute("aria-current", "step");
    const code = document.createElement("code");
    code.textContent = move.text;
    const who = document.createElement("small");
    who.className = "muted";
    who.textContent = move.who;
    link.append(code, " ", who);
    item.append(link);
    return item;
  }

  function onMatch(payload) {
    const root = document.getElementById("replay");
    const board = document.getElementById("board");
    const list = document.getElementById("move-list");
    const counter = document.getElementById("counter");
    if (!root || !board || !list) return;
    const total = Number(root.dataset.total);
    const position = Number(root.dataset.position || root.dataset.start || total);
    // The reader at the newest position follows the game; one looking back stays where it is.
    const following = position >= total;
    const shown = following ? payload.count : Math.min(position, payload.count);
    root.dataset.total = String(payload.count);
    root.dataset.position = String(shown);
    if (following) {
      board.innerHTML = payload.svg;
      root.dataset.shown = String(shown);
    }
    const start = list.firstElementChild;
    const items = payload.moves.map(function (move) { return moveItem(move, shown); });
    list.replaceChildren.apply(list, start ? [start].concat(items) : items);
    if (start) {
      const link = start.querySelector("a");
      if (link) {
        if (shown === 0) link.setAttribute("aria-current", "step"); else link.removeAttribute("aria-current");
      }
    }
    if (following) list.scrollTop = list.scrollHeight;
    if (counter) counter.textContent = shown + " / " + payload.count;
    const status = document.getElementById("match-status");
    if (status) status.textContent = payload.status_text;
    const note = document.getElementById("live-note");
    if (note && payload.ended) note.textContent = "This match has ended: reload the page for its result.";
    document.dispatchEvent(new CustomEvent("leapfrog:match", { detail: payload }));
  }

  function onTournament(payload) {
    const live = document.getElementById("live");
    if (!live) return;
    const holder = document.createElement("div");
    holder.innerHTML = payload.html;
    const fresh = holder.firstElementChild;
    if (fresh) live.replaceWith(fresh);
    document.dispatchEvent(new CustomEvent("leapfrog:tournament", { detail: payload }));
  }

  function connect() {
    stream = new EventSource(last ? url + "?last=" + encodeURIComponent(last) : url);
    // The body says whether the stream is open (for the page's tests and its stylesheet).
    stream.addEventListener("open", function () { refusals = 0; document.body.dataset.live = "open"; });
    stream.addEventListener("message", function (event) {
      if (event.lastEventId) last = event.lastEventId;
      let payload;
      try { payload = JSON.parse(event.data); } catch (error) { return; }
      if ("match" in payload) onMatch(payload);
      else if ("tournament" in payload) onTournament(payload);
    });
    stream.addEventListener("error", function () {
      // While CONNECTING the browser takes the stream up again by itself, sending the
      // last id it saw. CLOSED: the server refused it (no Redis, or gone): a few more tries.
      document.body.dataset.live = stream.readyState === EventSource.CLOSED ? "closed" : "connecting";
      if (stream.readyState !== EventSource.CLOSED) return;
      stream = null;
      refusals += 1;
      if (refusals <= GIVE_UP_AFTER) setTimeout(connect, 3000 * refusals);
    });
  }

  window.addEventListener("pagehide", function () { if (stream) stream.close(); });
  connect();
})();
