// Game page: one seat's live view over a WebSocket; moves as buttons and as clickable board parts.
"use strict";

const app = document.getElementById("app");
const gid = app.dataset.gid;
const page = { token: null, seat: null, view: null, socket: null, retry: 500, busy: false };

function readSeatFromLink() {
  const hash = new URLSearchParams(location.hash.slice(1));
  const token = hash.get("token");
  if (token) {
    const seat = Number(hash.get("seat") || 0);
    GG.saveSeat(gid, seat, token, document.querySelector(".game-title").textContent);
    page.token = token;
    return;
  }
  const saved = GG.savedSeats()[gid];
  const wanted = hash.get("seat");
  if (saved && wanted !== null && saved.seats[wanted]) page.token = saved.seats[wanted];
}

function seatLabel(seat, view) {
  const bot = view.seats[seat] && view.seats[seat].bot;
  return GG.playerName(seat) + (seat === view.seat ? " (you)" : "") + (bot ? " · bot " + bot : "");
}

function renderStatus(view) {
  document.getElementById("whoami").textContent =
    view.seat === null ? "Watching as a spectator" : "You are " + GG.playerName(view.seat) + " · move " + view.move;
  const turn = document.getElementById("turn");
  turn.className = "turn";
  if (view.terminal) {
    turn.textContent = "Game over";
    turn.classList.add("over");
  } else if (view.seat !== null && view.current_player === view.seat) {
    turn.textContent = "Your turn";
    turn.classList.add("mine");
  } else {
    const bot = view.seats[view.current_player] && view.seats[view.current_player].bot;
    turn.textContent = (bot ? GG.playerName(view.current_player) + " (bot) is thinking…" : "Waiting for " + GG.playerName(view.current_player));
    turn.classList.add("theirs");
  }
  const result = document.getElementById("result");
  if (view.terminal) {
    result.hidden = false;
    // plain win/lose returns say nothing the sentence does not; other scores are shown
    const scored = view.returns.some((r) => r !== 0 && r !== 1);
    const parts = [GG.el("strong", { text: GG.outcomeText(view) })];
    if (scored) {
      parts.push(GG.el("span", { class: "returns", text: " · scores: " + view.returns.map((r, s) => GG.playerName(s) + " " + r).join(", ") }));
    }
    parts.push(GG.el("a", { class: "button small", href: "/games/" + gid + "/replay", text: "Watch the replay" }));
    result.replaceChildren(...parts);
  } else {
    result.hidden = true;
  }
}

function renderPlayers(view) {
  const list = document.getElementById("players");
  list.replaceChildren();
  const winners = (view.outcome && view.outcome.winners) || [];
  for (let seat = 0; seat < view.players; seat++) {
    const item = GG.el("li", { class: "player" + (seat === view.current_player ? " to-act" : "") + (seat === view.seat ? " me" : "") },
      GG.el("span", { class: "seat-num", text: String(seat) }), GG.el("span", { text: seatLabel(seat, view) }));
    if (winners.includes(seat)) item.append(GG.el("span", { class: "badge done", text: "winner" }));
    else if (seat === view.current_player && !view.terminal) item.append(GG.el("span", { class: "badge live", text: "to act" }));
    list.append(item);
  }
}

function renderMoves(view) {
  const moves = document.getElementById("moves");
  moves.replaceChildren();
  const card = document.getElementById("moves-card");
  card.classList.toggle("active", view.legal_actions.length > 0);
  if (view.seat === null) {
    moves.append(GG.el("p", { class: "muted", text: "Spectators cannot move. Open a seat link to play." }));
  } else if (view.terminal) {
    moves.append(GG.el("p", { class: "muted", text: "The game has ended." }));
  } else if (!view.legal_actions.length) {
    moves.append(GG.el("p", { class: "muted", text: "Not your turn yet." }));
  }
  for (const action of view.legal_actions) {
    moves.append(GG.el("button", { type: "button", class: "move", "data-action-id": action.id,
      title: "action " + action.id, text: action.text, onclick: () => play(action.id) }));
  }
  document.getElementById("undo-button").hidden = !view.can_undo;
}

function renderLog(view) {
  const log = document.getElementById("log");
  log.replaceChildren(...view.log.map((line) => GG.el("li", { text: line })));
  log.scrollTop = log.scrollHeight;
}

function bindBoardMoves(view) {
  // A game's SVG marks what can be clicked with data-action="<notation or id>".
  const byText = new Map(view.legal_actions.map((a) => [a.text.toLowerCase(), a.id]));
  const byId = new Set(view.legal_actions.map((a) => a.id));
  for (const node of document.querySelectorAll("#board [data-action]")) {
    const key = node.getAttribute("data-action").trim();
    let id = byText.get(key.toLowerCase());
    if (id === undefined && /^\d+$/.test(key) && byId.has(Number(key))) id = Number(key);
    if (id === undefined) { node.classList.remove("clickable"); continue; }
    node.classList.add("clickable");
    node.setAttribute("role", "button");
    node.setAttribute("tabindex", "0");
    node.addEventListener("click", () => play(id));
    node.addEventListener("keydown", (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); play(id); } });
  }
}

function render(view) {
  if (page.view && view.revision < page.view.revision) return; // an older view arriving late
  page.view = view;
  app.dataset.move = String(view.move);
  app.dataset.terminal = String(view.terminal);
  renderStatus(view);
  document.getElementById("board").innerHTML = view.svg || "";
  bindBoardMoves(view);
  renderMoves(view);
  renderPlayers(view);
  renderLog(view);
  document.title = (view.terminal ? "Ended · " : view.seat !== null && view.current_player === view.seat ? "● Your turn · " : "") + view.title;
}

async function play(actionId) {
  if (page.busy || !page.view) return;
  page.busy = true;
  document.querySelectorAll(".move").forEach((b) => { b.disabled = true; });
  try {
    const view = await GG.api("/api/games/" + gid + "/actions?svg=1",
      { method: "POST", token: page.token, body: { action: actionId, move: page.view.move } });
    render(view);
  } catch (error) {
    GG.toast(error.message);
    document.querySelectorAll(".move").forEach((b) => { b.disabled = false; });
  } finally {
    page.busy = false;
  }
}

async function undo() {
  try {
    render(await GG.api("/api/games/" + gid + "/undo?svg=1", { method: "POST", token: page.token }));
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
    render(data);
  };
  socket.onclose = () => {
    document.getElementById("whoami").textContent = "Reconnecting…";
    setTimeout(connect, page.retry);
    page.retry = Math.min(page.retry * 2, 8000);
  };
}

document.getElementById("undo-button").addEventListener("click", undo);
readSeatFromLink();
connect();
