// Lobby: create a game (game, players, options, who sits where), share seat links, list games.
"use strict";

const state = { catalog: [], filter: "all" };

function currentGame() {
  const id = document.getElementById("game-select").value;
  return state.catalog.find((g) => g.id === id);
}

function paramField(param) {
  const id = "param-" + param.name;
  const label = GG.el("label", { class: "field", for: id, title: param.help || "" },
    GG.el("span", { text: param.name.replaceAll("_", " ") }));
  let input;
  if (param.choices) {
    input = GG.el("select", { id, name: param.name });
    for (const choice of param.choices) {
      const option = GG.el("option", { value: JSON.stringify(choice), text: String(choice) });
      if (JSON.stringify(choice) === JSON.stringify(param.default)) option.selected = true;
      input.append(option);
    }
  } else if (param.type === "bool") {
    input = GG.el("input", { id, name: param.name, type: "checkbox" });
    input.checked = Boolean(param.default);
  } else if (param.type === "int" || param.type === "float") {
    input = GG.el("input", { id, name: param.name, type: "number", step: param.type === "int" ? "1" : "any",
      min: param.low ?? undefined, max: param.high ?? undefined, value: param.default ?? "" });
  } else if (param.name === "data") {
    return null; // custom component files are a command-line feature
  } else {
    const value = Array.isArray(param.default) ? param.default.join(", ") : (param.default ?? "");
    input = GG.el("input", { id, name: param.name, type: "text", value,
      placeholder: param.nullable ? "leave empty for the default" : undefined });
  }
  input.dataset.kind = param.type;
  input.dataset.nullable = param.nullable ? "1" : "";
  label.append(input);
  if (param.help) label.append(GG.el("small", { class: "help", text: param.help }));
  return label;
}

function readParams(game) {
  const params = {};
  for (const param of game.params) {
    const input = document.getElementById("param-" + param.name);
    if (!input) continue;
    let value;
    if (param.choices) value = JSON.parse(input.value);
    else if (param.type === "bool") value = input.checked;
    else if (param.type === "int") value = input.value === "" ? null : parseInt(input.value, 10);
    else if (param.type === "float") value = input.value === "" ? null : parseFloat(input.value);
    else if (param.type === "tuple") value = input.value.split(",").map((s) => s.trim()).filter(Boolean);
    else value = input.value;
    // an empty box means "no value" (e.g. characters chosen by chance) when the game allows it
    if (param.nullable && (value === "" || (Array.isArray(value) && value.length === 0))) value = null;
    if (value === null && !param.nullable) continue;
    if (JSON.stringify(value) === JSON.stringify(param.default)) continue;
    params[param.name] = value;
  }
  return params;
}

function renderSeats() {
  const game = currentGame();
  const players = parseInt(document.getElementById("players-select").value, 10);
  const box = document.getElementById("seat-fields");
  const previous = [...box.querySelectorAll("select")].map((s) => s.value);
  box.replaceChildren();
  for (let seat = 0; seat < players; seat++) {
    const select = GG.el("select", { id: "seat-" + seat, "data-seat": seat });
    select.append(GG.el("option", { value: "", text: "Person" }));
    // The named levels come first (what a player picks); the agents behind them follow for the curious.
    const levels = game.levels || [];
    const preferred = levels.includes("medium") ? "medium" : game.agents.includes("heuristic") ? "heuristic" : game.agents[0];
    for (const level of levels) {
      select.append(GG.el("option", { value: level, text: "Bot · " + level }));
    }
    const others = game.agents.filter((agent) => !levels.includes(agent));
    const group = levels.length ? GG.el("optgroup", { label: "Other bots" }) : select;
    for (const agent of others) {
      group.append(GG.el("option", { value: agent, text: "Bot · " + agent }));
    }
    if (group !== select) select.append(group);
    select.value = previous[seat] !== undefined ? previous[seat] : (seat === 0 ? "" : preferred);
    box.append(GG.el("label", { class: "field seat-field" }, GG.el("span", { text: GG.playerName(seat) }), select));
  }
}

function renderGameForm() {
  const game = currentGame();
  if (!game) return;
  document.getElementById("game-summary").textContent = game.summary || "";
  const players = document.getElementById("players-select");
  players.replaceChildren();
  for (let n = game.min_players; n <= game.max_players; n++) {
    players.append(GG.el("option", { value: n, text: n + (n === 1 ? " player" : " players") }));
  }
  const fields = document.getElementById("params-fields");
  fields.replaceChildren();
  for (const param of game.params) {
    const field = paramField(param);
    if (field) fields.append(field);
  }
  document.getElementById("params-box").hidden = fields.children.length === 0;
  document.getElementById("seat-fields").replaceChildren();
  renderSeats();
}

async function createGame(event) {
  event.preventDefault();
  const game = currentGame();
  const button = document.getElementById("create-button");
  const players = parseInt(document.getElementById("players-select").value, 10);
  const bots = [];
  for (let seat = 0; seat < players; seat++) bots.push(document.getElementById("seat-" + seat).value || null);
  const body = { game: game.id, players, params: readParams(game), bots,
    hints: document.getElementById("hints-input").checked };
  const seed = document.getElementById("seed-input").value;
  if (seed !== "") body.seed = parseInt(seed, 10);
  button.disabled = true;
  try {
    const created = await GG.api("/api/games", { method: "POST", body });
    showCreated(created, game);
    loadGames();
  } catch (error) {
    GG.toast(error.message);
  } finally {
    button.disabled = false;
  }
}

function showCreated(created, game) {
  const list = document.getElementById("seat-links");
  list.replaceChildren();
  for (const seat of created.seats) {
    if (seat.token) {
      GG.saveSeat(created.id, seat.seat, seat.token, game.title);
      const link = GG.seatLink(created.id, seat.seat, seat.token);
      const copy = GG.el("button", { type: "button", class: "button small", text: "Copy link",
        onclick: async () => {
          try { await navigator.clipboard.writeText(link); GG.toast("Link copied", "ok"); }
          catch (_) { GG.toast("Copy failed; select the link and copy it by hand"); }
        } });
      list.append(GG.el("li", { class: "seat-link", "data-seat": seat.seat },
        GG.el("strong", { text: GG.playerName(seat.seat) }),
        GG.el("input", { type: "text", readonly: true, value: link, class: "link-box", onfocus: (e) => e.target.select() }),
        copy,
        GG.el("a", { class: "button small primary", href: link, target: "_blank", text: "Open" })));
    } else {
      list.append(GG.el("li", { class: "seat-link bot" },
        GG.el("strong", { text: GG.playerName(seat.seat) }), GG.el("span", { class: "badge", text: "bot · " + seat.bot })));
    }
  }
  document.getElementById("watch-link").href = "/games/" + created.id;
  document.getElementById("created").hidden = false;
  document.getElementById("created").scrollIntoView({ behavior: "smooth", block: "nearest" });
  renderMySeats();
}

function titleOf(id) {
  const game = state.catalog.find((g) => g.id === id);
  return game ? game.title : id;
}

function renderMySeats() {
  const saved = GG.savedSeats();
  const list = document.getElementById("my-seat-list");
  list.replaceChildren();
  const ids = Object.keys(saved).slice(-8).reverse();
  for (const gid of ids) {
    for (const [seat, token] of Object.entries(saved[gid].seats)) {
      list.append(GG.el("li", {}, GG.el("a", { href: GG.seatLink(gid, Number(seat), token),
        text: (saved[gid].title || "Game") + " · " + GG.playerName(Number(seat)) }),
        GG.el("span", { class: "muted", text: " " + gid })));
    }
  }
  document.getElementById("my-seats").hidden = ids.length === 0;
}

async function loadGames() {
  const query = state.filter === "all" ? "" : "&finished=" + (state.filter === "finished");
  let games;
  try { games = await GG.api("/api/games?limit=30" + query); } catch (error) { GG.toast(error.message); return; }
  const body = document.getElementById("games-body");
  body.replaceChildren();
  if (!games.length) {
    body.append(GG.el("tr", {}, GG.el("td", { colspan: 5, class: "muted", text: "No games yet. Create one!" })));
    return;
  }
  for (const g of games) {
    const people = g.bots.filter((b) => b === null).length;
    const seats = people + (people === 1 ? " person" : " people") + (g.players - people ? ", " + (g.players - people) + " bot" + (g.players - people > 1 ? "s" : "") : "");
    let status = GG.el("span", { class: "badge live", text: "playing" });
    if (g.finished) {
      const winners = (g.result && g.result.outcome && g.result.outcome.winners) || [];
      status = GG.el("span", { class: "badge done", text: winners.length ? "won by " + winners.map(GG.playerName).join(", ") : "ended" });
    }
    const links = GG.el("td", { class: "actions" }, GG.el("a", { href: "/games/" + g.id, text: g.finished ? "Final" : "Watch" }));
    if (g.finished) links.append(" · ", GG.el("a", { href: "/games/" + g.id + "/replay", text: "Replay" }));
    body.append(GG.el("tr", {},
      GG.el("td", {}, GG.el("strong", { text: titleOf(g.game) }), GG.el("div", { class: "muted mono", text: g.id })),
      GG.el("td", { text: seats }), GG.el("td", { text: g.move }), GG.el("td", {}, status), links));
  }
}

async function init() {
  try {
    state.catalog = await GG.api("/api/catalog");
  } catch (error) {
    GG.toast(error.message);
    return;
  }
  const select = document.getElementById("game-select");
  for (const game of state.catalog) {
    select.append(GG.el("option", { value: game.id, text: game.title + " (" + game.min_players + (game.max_players > game.min_players ? "–" + game.max_players : "") + " players)" }));
  }
  const wanted = new URLSearchParams(location.search).get("game");
  if (wanted && state.catalog.some((g) => g.id === wanted)) select.value = wanted;
  select.addEventListener("change", renderGameForm);
  document.getElementById("players-select").addEventListener("change", renderSeats);
  document.getElementById("create-form").addEventListener("submit", createGame);
  for (const tab of document.querySelectorAll(".tab")) {
    tab.addEventListener("click", () => {
      document.querySelectorAll(".tab").forEach((t) => {
        t.classList.toggle("active", t === tab);
        t.setAttribute("aria-pressed", String(t === tab));
      });
      state.filter = tab.dataset.filter;
      loadGames();
    });
  }
  renderGameForm();
  renderMySeats();
  loadGames();
  setInterval(loadGames, 5000);
}

init();
