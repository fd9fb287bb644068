// Game page: one seat's live view over a WebSocket; moves as buttons and as clickable board parts.
"use strict";

const app = document.getElementById("app");
const gid = app.dataset.gid;
const page = { token: null, seat: null, view: null, socket: null, retry: 500, busy: false, hinting: false };

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
  card.querySelector("h2").textContent = view.seat === null ? "Moves" : "Your moves";
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
  const hintButton = document.getElementById("hint-button");
  hintButton.hidden = !(view.hints && view.legal_actions.length > 1);
  hintButton.disabled = page.hinting;
  const shown = document.getElementById("hints");
  // hints belong to one move: a new view makes them stale
  if (shown.dataset.move !== String(view.move)) { shown.hidden = true; shown.replaceChildren(); }
}

function percent(chance) {
  return Math.round(chance * 100) + "%";
}

function renderHints(answer) {
  const box = document.getElementById("hints");
  box.dataset.move = String(answer.move);
  const rows = answer.hints.map((h, i) => GG.el("li", { class: "hint" + (i === 0 ? " best" : "") },
    GG.el("button", { type: "button", class: "move", "data-action-id": h.id, text: h.text,
      title: "play " + h.text, onclick: () => play(h.id) }),
    GG.el("span", { class: "hint-bar", style: "--chance: " + percent(h.chance), "aria-hidden": "true" }),
    GG.el("span", { class: "hint-chance", title: "estimated win chance", text: percent(h.chance) })));
  // The order is the search's (most explored first), which can differ from the chance order
  // when two moves are close; the head says so rather than reordering.
  box.replaceChildren(
    GG.el("p", { class: "hint-head", text: "Best move first, with its estimated win chance" }),
    GG.el("p", { class: "hint-note", text: "From a " + answer.seconds + " s search of what you can see; close figures are a toss-up." }),
    GG.el("ol", { class: "hint-list" }, ...rows));
  box.hidden = false;
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

function renderLog(view) {
  const log = document.getElementById("log");
  log.replaceChildren(...view.log.map((line) => GG.el("li", { text: line })));
  log.scrollTop = log.scrollHeight;
}

function makeClickable(node, id, label) {
  node.classList.add("clickable");
  node.setAttribute("role", "button");
  node.setAttribute("tabindex", "0");
  node.setAttribute("aria-label", label);
  if (!node.hasAttribute("data-action")) node.setAttribute("data-action", label);
  node.addEventListener("click", () => play(id));
  node.addEventListener("keydown", (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); play(id); } });
}

function bindMarkedMoves(view) {
  // A game's SVG marks what can be clicked with data-action="<notation or id>".
  const byText = new Map(view.legal_actions.map((a) => [a.text.toLowerCase(), a]));
  const byId = new Map(view.legal_actions.map((a) => [String(a.id), a]));
  const marked = document.querySelectorAll("#board [data-action]");
  for (const node of marked) {
    const key = node.getAttribute("data-action").trim();
    const action = byText.get(key.toLowerCase()) || byId.get(key);
    if (action) makeClickable(node, action.id, action.text);
  }
  return marked.length > 0;
}

function bindLabelledMoves(view) {
  // Without marks, a board label that names exactly one legal move (the end of its notation:
  // "K2" for "lift K2", "Town Hall" for "move support to Town Hall") and appears once on the
  // board becomes that move, with the shape it labels.
  const suffixes = new Map();
  for (const action of view.legal_actions) {
    const words = action.text.trim().split(/\s+/);
    for (let i = 1; i < words.length; i++) {
      const key = words.slice(i).join(" ").toLowerCase();
      const seen = suffixes.get(key);
      // null marks a label shared by two different moves: it names neither
      suffixes.set(key, seen === undefined || (seen !== null && seen.id === action.id) ? action : null);
    }
  }
  const texts = [...document.querySelectorAll("#board svg text")];
  const counts = new Map();
  for (const t of texts) {
    const key = t.textContent.trim().toLowerCase();
    counts.set(key, (counts.get(key) || 0) + 1);
  }
  for (const t of texts) {
    const key = t.textContent.trim().toLowerCase();
    const action = suffixes.get(key);
    if (!action || counts.get(key) !== 1) continue;
    const parent = t.parentElement;
    if (parent && parent.tagName.toLowerCase() === "g" && parent.querySelectorAll("text").length === 1) {
      makeClickable(parent, action.id, action.text);
      continue;
    }
    const shape = t.previousElementSibling;
    let target = t;
    if (shape && ["circle", "rect", "ellipse", "path", "polygon"].includes(shape.tagName.toLowerCase())) {
      try {
        const box = shape.getBBox();
        const label = t.getBBox();
        const cx = label.x + label.width / 2;
        const cy = label.y + label.height / 2;
        if (cx >= box.x && cx <= box.x + box.width && cy >= box.y && cy <= box.y + box.height) target = shape;
      } catch (_) { /* not laid out: the label alone is clickable */ }
    }
    if (target !== t) t.style.pointerEvents = "none"; // clicks on the label reach the shape under it
    makeClickable(target, action.id, action.text);
  }
}

function bindBoardMoves(view) {
  if (!view.legal_actions.length) return;
  if (!bindMarkedMoves(view)) bindLabelledMoves(view);
}

function render(view) {
  // A view older than the one shown arrives late, or the same change arrives twice (HTTP answer
  // and WebSocket push): redrawing it would only swap the buttons under the user's pointer.
  if (page.view && view.revision <= page.view.revision) return;
  page.view = view;
  app.dataset.move = String(view.move);
  app.dataset.terminal = String(view.terminal);
  renderStatus(view);
  document.getElementById("board").innerHTML = view.svg || "";
  try {
    bindBoardMoves(view);
  } catch (error) {
    console.error("board moves could not be bound", error); // the move buttons still work
  }
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
document.getElementById("hint-button").addEventListener("click", askHint);
readSeatFromLink();
connect();
