// Game page: one seat's live view over a WebSocket, played by tapping the board (GGBoard).
//
// Views pushed while others move are played back one at a time at a readable pace (the speed is a
// setting; Skip jumps to the newest), each with what it changed marked on the board and its log
// lines in the banner above it. The move list under the board is the accessible fallback.
"use strict";

const app = document.getElementById("app");
const gid = app.dataset.gid;
const page = {
  token: null, seat: null, view: null, socket: null, retry: 500, busy: false, hinting: false,
  queue: [], playing: false, skip: false, help: null, heardAt: Date.now(),
};

// While others are to act and the socket has been silent this long, the page asks for the view
// itself: a connection that died without closing (a phone changing networks) would otherwise
// leave it waiting for a move that was made long ago.
const QUIET_MS = window.GG_QUIET_MS || 20000;

const SPEEDS = { slow: 1800, normal: 1000, fast: 450, off: 0 };

function speedSetting() {
  const chosen = localStorage.getItem("gg-speed") || "normal";
  return chosen in SPEEDS ? chosen : "normal";
}

// -- seats and names ----------------------------------------------------------------------

function seatName(seat, view = page.view) {
  const doc = view && view.seats && view.seats[seat];
  return doc && doc.name ? doc.name : GG.playerName(seat);
}

async function readSeatFromLink() {
  const hash = new URLSearchParams(location.hash.slice(1));
  const token = hash.get("token");
  const wanted = hash.get("seat");
  if (token) {
    // The link's token is kept as "your seat" only once the server has accepted it.
    try {
      const view = await GG.api("/api/games/" + gid, { token });
      if (view.seat === null || view.seat === undefined) throw new Error("not a seat");
      GG.saveSeat(gid, view.seat, token, document.querySelector(".game-title").textContent);
      page.token = token;
      history.replaceState(null, "", location.pathname + "#seat=" + view.seat);
    } catch (error) {
      GG.toast("This seat link is not valid for this game (" + error.message + "); you are watching as a spectator.");
      history.replaceState(null, "", location.pathname);
    }
    return;
  }
  const saved = GG.savedSeats()[gid];
  if (saved && wanted !== null && saved.seats[wanted]) page.token = saved.seats[wanted];
  else if (saved && wanted === null) {
    const seats = Object.keys(saved.seats);
    if (seats.length === 1) page.token = saved.seats[seats[0]];
  }
}

function renderNameForm(view) {
  const form = document.getElementById("name-form");
  const mine = view.seat !== null ? view.seats[view.seat] : null;
  if (!mine || mine.bot || mine.named) { form.hidden = true; return; }
  const remembered = localStorage.getItem("gg-name");
  if (remembered && !page.namingTried) {
    page.namingTried = true;
    sendName(remembered);
    return;
  }
  form.hidden = false;
}

async function sendName(name) {
  page.naming = true;
  try {
    const view = await GG.api("/api/games/" + gid + "/name?svg=1", { method: "POST", token: page.token, body: { name } });
    localStorage.setItem("gg-name", name);
    document.getElementById("name-form").hidden = true;
    // A bot may have moved while the name was on its way: the socket's newer view stays.
    accept(view, { paced: false });
  } catch (error) {
    GG.toast(error.message);
  } finally {
    page.naming = false;
  }
}

function renderPlayers(view) {
  const list = document.getElementById("players");
  list.replaceChildren();
  const winners = (view.outcome && view.outcome.winners) || [];
  for (const doc of view.seats) {
    const seat = doc.seat;
    const swatch = GG.el("span", { class: "swatch" + (doc.swatch ? "" : " plain"), "aria-hidden": "true",
      style: doc.swatch ? "--swatch: " + doc.swatch : undefined, text: doc.mark || String(seat) });
    const who = GG.el("span", { class: "player-name", text: doc.name + (seat === view.seat ? " (you)" : "") });
    const role = doc.role ? GG.el(doc.info ? "button" : "span", {
      type: doc.info ? "button" : undefined, class: "role" + (doc.info ? " link" : ""), text: doc.role,
      title: doc.info ? "What " + doc.role + " does" : undefined,
      onclick: doc.info ? () => showInfo(doc.info) : undefined }) : null;
    const facts = doc.public && doc.public.length ? GG.el("span", { class: "facts", text: doc.public.join(" · ") }) : null;
    const item = GG.el("li", { class: "player" + (seat === view.current_player ? " to-act" : "") + (seat === view.seat ? " me" : ""),
      "data-seat": seat }, swatch, GG.el("span", { class: "player-text" }, who, role, facts));
    if (winners.includes(seat)) item.append(GG.el("span", { class: "badge done", text: "winner" }));
    else if (seat === view.current_player && !view.terminal) item.append(GG.el("span", { class: "badge live", text: "to act" }));
    list.append(item);
  }
}

// -- status, moves, log ----------------------------------------------------------------------

function renderStatus(view) {
  const me = view.seat === null ? "Watching as a spectator" : "You are " + seatName(view.seat, view);
  document.getElementById("whoami").textContent = me + " · decision " + view.decision;
  const turn = document.getElementById("turn");
  turn.className = "turn";
  if (view.terminal) {
    turn.textContent = "Game over";
    turn.classList.add("over");
  } else if (view.seat !== null && view.current_player === view.seat) {
    turn.textContent = "Your turn";
    turn.classList.add("mine");
  } else {
    const doc = view.seats[view.current_player];
    turn.textContent = doc && doc.bot ? seatName(view.current_player, view) + " is thinking…" : "Waiting for " + seatName(view.current_player, view);
    turn.classList.add("theirs");
  }
  const result = document.getElementById("result");
  if (view.terminal) {
    result.hidden = false;
    const scored = view.returns.some((r) => r !== 0 && r !== 1);
    const parts = [GG.el("strong", { text: GG.outcomeText(view, (s) => seatName(s, view)) })];
    if (scored) parts.push(GG.el("span", { class: "returns", text: " · scores: " + view.returns.map((r, s) => seatName(s, view) + " " + r).join(", ") }));
    parts.push(GG.el("a", { class: "button small", href: "/games/" + gid + "/replay", text: "Watch the replay" }));
    result.replaceChildren(...parts);
  } else {
    result.hidden = true;
  }
}

function renderSummary(view) {
  const box = document.getElementById("summary");
  const lines = view.since_mine && view.since_mine.length ? view.since_mine : (view.last ? view.last.lines : []);
  if (!lines || !lines.length) { box.hidden = true; return; }
  const head = view.since_mine && view.since_mine.length ? "Since your last move: " : "Last move: ";
  const shown = lines.slice(-4).join(" · ");
  box.replaceChildren(GG.el("strong", { text: head }), GG.el("span", { text: shown + (lines.length > 4 ? " (and " + (lines.length - 4) + " more in the log)" : "") }));
  box.hidden = false;
}

function renderMoves(view) {
  const moves = document.getElementById("moves");
  moves.replaceChildren();
  const card = document.getElementById("moves-card");
  const mine = view.legal_actions.length > 0;
  card.classList.toggle("active", mine);
  const head = document.getElementById("moves-head");
  if (view.seat === null) head.textContent = "Spectators cannot move. Open a seat link to play.";
  else if (view.terminal) head.textContent = "The game has ended.";
  else if (!mine) head.textContent = "Not your turn yet.";
  else head.textContent = "Tap a highlighted part of the board, or choose here:";
  for (const action of view.legal_actions) {
    moves.append(GG.el("button", { type: "button", class: "move", "data-action-id": action.id,
      title: action.description + " (" + action.text + ")", "aria-label": action.description,
      onclick: () => play(action.id) },
      GG.el("span", { class: "move-words", text: action.description }),
      action.description !== action.text ? GG.el("span", { class: "move-code", text: action.text }) : null));
  }
  document.getElementById("undo-button").hidden = !view.can_undo;
  const hintButton = document.getElementById("hint-button");
  hintButton.hidden = !(view.hints && view.legal_actions.length > 1);
  hintButton.disabled = page.hinting;
  const shown = document.getElementById("hints");
  if (shown.dataset.move !== String(view.move)) { shown.hidden = true; shown.replaceChildren(); }
}

function renderLog(view) {
  const log = document.getElementById("log");
  log.replaceChildren(...view.log.map((line) => GG.el("li", { text: line })));
  log.scrollTop = log.scrollHeight;
}

// -- hints -------------------------------------------------------------------------------------

function percent(chance) { return Math.round(chance * 100) + "%"; }

// The server says each move's chance with its range in words ("about 60 % to win, likely between
// 45 % and 75 %") and, when its search is unsure, why: the page shows exactly that, never a bare
// figure (agents/hint_words.py).
function hintRow(h, i, unsure) {
  const words = h.description || h.text;
  return GG.el("li", { class: "hint" + (i === 0 ? " best" : "") },
    GG.el("button", { type: "button", class: "move", "data-action-id": h.id,
      title: "play " + words + " (" + h.text + ")", onclick: () => play(h.id) },
      GG.el("span", { class: "move-words", text: words }),
      words !== h.text ? GG.el("span", { class: "move-code", text: h.text }) : null),
    GG.el("div", { class: "hint-figure" },
      GG.el("span", { class: "hint-bar", "aria-hidden": "true",
        style: "--chance: " + percent(h.chance) + "; --low: " + percent(h.low) + "; --high: " + percent(h.high) }),
      GG.el("span", { class: "hint-chance", title: unsure ? "a rough estimate: see above" : "estimated win chance, with the range it likely lies in",
        text: h.says })));
}

function renderHints(answer) {
  const box = document.getElementById("hints");
  box.dataset.move = String(answer.move);
  box.classList.toggle("unsure", answer.unsure);
  // the hint is budgeted in work, its seconds only a cap: the server says what the search did
  const searched = "From " + answer.searched +
    (answer.unsure ? "." : ", " + answer.samples + " playouts behind the best move.") +
    " " + answer.assumes;  // what the chances assume: the players the calibration played on with
  const parts = [GG.el("p", { class: "hint-head", text: "Best move first, with its estimated win chance" })];
  if (answer.unsure) {
    parts.push(GG.el("p", { class: "hint-unsure", role: "note" },
      GG.el("strong", { text: "Unsure: " }), GG.el("span", { text: answer.reason + "." })));
  }
  parts.push(GG.el("p", { class: "hint-note", text: searched }),
    GG.el("ol", { class: "hint-list" }, ...answer.hints.map((h, i) => hintRow(h, i, answer.unsure))));
  box.replaceChildren(...parts);
  box.hidden = false;
  // the answer lands under the move list, off a phone's screen: bring its head into sight
  box.scrollIntoView({ block: "nearest" });
}

async function askHint() {
  if (page.hinting || !page.view) return;
  page.hinting = true;
  const button = document.getElementById("hint-button");
  button.disabled = true;
  button.textContent = "Thinking…";
  try {
    const answer = await GG.api("/api/games/" + gid + "/hints?seconds=1&top=3", { token: page.token });
    if (page.view && answer.move === page.view.move) renderHints(answer);
  } catch (error) {
    GG.toast(error.message);
  } finally {
    page.hinting = false;
    button.disabled = false;
    button.textContent = "Hint";
  }
}

// -- info cards, help, settings ------------------------------------------------------------------

function showInfo(key) {
  const card = page.view && page.view.info && page.view.info[key];
  if (!card) return;
  const dialog = document.getElementById("info-dialog");
  dialog.querySelector(".dialog-title").textContent = card.title;
  const body = dialog.querySelector(".dialog-body");
  body.replaceChildren(...card.text.split(/\n\n+/).map((p) => GG.el("p", { text: p })));
  if (card.reconstructed) body.append(GG.el("p", { class: "badge recon", text: "Reconstructed: the rulebook does not print this value" }));
  dialog.showModal();
}

function helpSection(title, nodes) {
  return GG.el("section", { class: "help-section" }, GG.el("h3", { text: title }), ...nodes);
}

function paragraphs(text) {
  return text.split(/\n\s*\n/).map((block) => {
    const lines = block.split("\n").map((l) => l.trim()).filter(Boolean);
    if (lines.length && lines.every((l) => /^[-*] /.test(l) || /^ /.test(l))) {
      return GG.el("ul", {}, ...lines.map((l) => GG.el("li", { text: l.replace(/^[-*] /, "").replaceAll("`", "") })));
    }
    return GG.el("p", { text: lines.join(" ").replaceAll("`", "").replaceAll("**", "") });
  });
}

async function showHelp(tab) {
  const dialog = document.getElementById("help-dialog");
  const body = dialog.querySelector(".dialog-body");
  if (!page.help) {
    try { page.help = await GG.api("/api/catalog/" + encodeURIComponent(app.dataset.game) + "/help"); } catch (error) { GG.toast(error.message); return; }
  }
  const help = page.help;
  const rules = help.sections.map((s) => helpSection(s.title, paragraphs(s.text)));
  const glossary = helpSection("Notation", [help.glossary.length
    ? GG.el("table", { class: "glossary" }, ...help.glossary.map((g) => GG.el("tr", {}, GG.el("th", { class: "mono", text: g.notation }), GG.el("td", { text: g.meaning }))))
    : GG.el("p", { class: "muted", text: "This game has no glossary yet." })]);
  const recon = helpSection("Values the rulebook does not print (reconstructed)", [help.reconstructed.length
    ? GG.el("ul", { class: "recon-list" }, ...help.reconstructed.map((r) => GG.el("li", {},
        GG.el("strong", { text: (r.name || r.path) + (r.value ? ": " + r.value : "") }), r.reason ? GG.el("span", { class: "muted", text: " — " + r.reason }) : null)))
    : GG.el("p", { class: "muted", text: "Every value comes from the rulebook." })]);
  body.replaceChildren(...(tab === "glossary" ? [glossary, ...rules, recon] : [...rules, glossary, recon]));
  dialog.querySelector(".dialog-title").textContent = (tab === "glossary" ? "Notation · " : "How to play · ") + help.title;
  dialog.showModal();
  if (tab === "glossary") body.scrollTop = 0;
}

function bindSettings() {
  const select = document.getElementById("speed");
  select.value = speedSetting();
  select.addEventListener("change", () => localStorage.setItem("gg-speed", select.value));
}

// -- drawing and playback -------------------------------------------------------------------------

function show(view) {
  page.view = view;
  app.dataset.move = String(view.move);
  app.dataset.decision = String(view.decision);
  app.dataset.terminal = String(view.terminal);
  renderStatus(view);
  renderSummary(view);
  GGBoard.draw(view, { keepChoice: true });
  renderMoves(view);
  renderPlayers(view);
  renderLog(view);
  renderNameForm(view);
  if (page.tappedAt !== null && page.tappedAt !== undefined) {
    page.lastLatency = performance.now() - page.tappedAt;
    page.tappedAt = null;
  }
  document.title = (view.terminal ? "Ended · " : view.seat !== null && view.current_player === view.seat ? "● Your turn · " : "") + view.title;
}

function banner(view) {
  const box = document.getElementById("playback");
  document.getElementById("summary").classList.remove("with-playback");
  const last = view.last;
  // Only others' moves: your own you have just made.
  if (!last || last.seat === view.seat || (!last.lines.length && !last.parts.length)) { box.hidden = true; return; }
  const what = last.lines.length ? last.lines.join(" · ") : "made a move (ringed in blue on the board)";
  const parts = [
    GG.el("span", { class: "playback-who", text: seatName(last.seat, view) + ":" }),
    GG.el("span", { class: "playback-lines", text: what })];
  if (page.queue.length) {
    parts.push(GG.el("button", { type: "button", class: "button small", id: "skip-playback",
      text: "Skip (" + page.queue.length + " more)", onclick: () => { page.skip = true; } }));
  }
  box.replaceChildren(...parts);
  box.hidden = false;
  // the summary repeats what the banner says: one of them is enough on a small screen
  document.getElementById("summary").classList.add("with-playback");
}

// A view is newer than the one shown when its revision is higher (an undo lowers the move number).
function accept(view, { paced }) {
  const newest = page.queue.length ? page.queue[page.queue.length - 1] : page.view;
  if (newest && view.revision <= newest.revision) return;
  const others = view.last && view.last.seat !== view.seat;
  if (!paced || !others || !page.view || SPEEDS[speedSetting()] === 0) {
    page.queue = [];
    page.skip = true;
    show(view);
    banner(view);
    return;
  }
  page.queue.push(view);
  if (!page.playing) playQueue();
}

async function playQueue() {
  page.playing = true;
  page.skip = false;
  while (page.queue.length) {
    if (page.skip) { const latest = page.queue[page.queue.length - 1]; page.queue = []; show(latest); banner(latest); break; }
    const next = page.queue.shift();
    show(next);
    banner(next);
    const until = Date.now() + SPEEDS[speedSetting()];
    while (Date.now() < until && !page.skip) await new Promise((r) => setTimeout(r, 50));
  }
  page.playing = false;
  page.skip = false;
  if (page.view) banner(page.view);
}

async function play(actionId) {
  if (page.busy || !page.view) return;
  page.busy = true;
  page.tappedAt = performance.now(); // for the click-to-board time (page.lastLatency, in ms)
  document.querySelectorAll(".move").forEach((b) => { b.disabled = true; });
  try {
    const view = await GG.api("/api/games/" + gid + "/actions?svg=1",
      { method: "POST", token: page.token, body: { action: actionId, move: page.view.move } });
    accept(view, { paced: false });
  } catch (error) {
    GG.toast(error.message);
    document.querySelectorAll(".move").forEach((b) => { b.disabled = false; });
  } finally {
    page.busy = false;
  }
}

async function undo() {
  try {
    accept(await GG.api("/api/games/" + gid + "/undo?svg=1", { method: "POST", token: page.token }), { paced: false });
  } catch (error) {
    GG.toast(error.message);
  }
}

function connect() {
  const scheme = location.protocol === "https:" ? "wss://" : "ws://";
  const query = new URLSearchParams({ svg: "true" });
  if (page.token) query.set("token", page.token);
  const socket = new WebSocket(scheme + location.host + "/ws/games/" + gid + "?" + query);
  page.socket = socket;
  let first = true;
  socket.onopen = () => {
    // a restarted server counts revisions from zero again
    if (page.view) page.view.revision = -1;
  };
  socket.onmessage = (event) => {
    const data = JSON.parse(event.data);
    if (data.error) {
      GG.toast(data.error);
      if (data.status === 401) { page.token = null; }
      return;
    }
    page.retry = 500;
    page.heardAt = Date.now();
    accept(data, { paced: !first });
    first = false;
  };
  socket.onclose = () => {
    document.getElementById("whoami").textContent = "Reconnecting…";
    setTimeout(connect, page.retry);
    page.retry = Math.min(page.retry * 2, 8000);
  };
}

async function checkWhenQuiet() {
  const v = page.view;
  if (!v || v.terminal || document.hidden || Date.now() - page.heardAt < QUIET_MS) return;
  if (v.current_player === v.seat && v.legal_actions.length) return; // nothing to wait for
  page.heardAt = Date.now();
  try {
    accept(await GG.api("/api/games/" + gid + "?svg=1", { token: page.token }), { paced: true });
  } catch (error) {
    // the server is away: the socket's reconnecting says so, and the next check tries again
  }
}

GGBoard.bind();
GGBoard.onPlay = play;
GGBoard.onInfo = showInfo;
window.GGPage = page;
document.getElementById("undo-button").addEventListener("click", undo);
document.getElementById("hint-button").addEventListener("click", askHint);
document.getElementById("help-button").addEventListener("click", () => showHelp("rules"));
document.getElementById("glossary-button").addEventListener("click", () => showHelp("glossary"));
document.getElementById("name-form").addEventListener("submit", (e) => {
  e.preventDefault();
  sendName(document.getElementById("name-input").value);
});
for (const dialog of document.querySelectorAll("dialog")) {
  dialog.querySelector(".dialog-close").addEventListener("click", () => dialog.close());
  dialog.addEventListener("click", (e) => { if (e.target === dialog) dialog.close(); });
}
bindSettings();
readSeatFromLink().then(connect);
setInterval(checkWhenQuiet, Math.min(5000, QUIET_MS));
