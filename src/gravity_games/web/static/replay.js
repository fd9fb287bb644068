// Replay page: an ended game one player decision at a time (the dice and draws that follow a
// decision are folded into it), from everyone's public view or one player's.
"use strict";

const app = document.getElementById("app");
const gid = app.dataset.gid;
const players = Number(app.dataset.players);
const replay = { decision: 0, decisions: 0, timer: null, seat: "", view: null, loading: false };

function name(seat) {
  const doc = replay.view && replay.view.seats && replay.view.seats[seat];
  return doc && doc.name ? doc.name : GG.playerName(seat);
}

function unavailable(message) {
  stop();
  document.getElementById("step-text").textContent = message;
  document.getElementById("counter").textContent = "";
  for (const id of ["first", "prev", "play", "next", "last", "slider"]) document.getElementById(id).disabled = true;
  document.getElementById("board").replaceChildren(GG.el("p", { class: "muted replay-closed", text: message }));
}

async function show(decision) {
  const query = new URLSearchParams({ decision: String(decision) });
  if (replay.seat !== "") query.set("seat", replay.seat);
  let view;
  try {
    view = await GG.api("/api/games/" + gid + "/replay?" + query);
  } catch (error) {
    if (error.status === 409) unavailable("No replay yet: " + error.message + ".");
    else { GG.toast(error.message); stop(); }
    return;
  }
  replay.view = view;
  replay.decision = view.decision;
  replay.decisions = view.decisions;
  const slider = document.getElementById("slider");
  slider.max = view.decisions;
  slider.value = view.decision;
  document.getElementById("counter").textContent = "decision " + view.decision + " / " + view.decisions;
  let text = "Start of the game";
  if (view.decision > 0) {
    text = name(view.actor) + ": " + (view.lines.length ? view.lines.join(" · ") : view.action_text);
  }
  if (view.terminal) text += " · game over";
  document.getElementById("step-text").textContent = text;
  GGBoard.draw(view);
  const log = document.getElementById("log");
  log.replaceChildren(...view.log.map((line) => GG.el("li", { text: line })));
  log.scrollTop = log.scrollHeight;
}

function stop() {
  clearInterval(replay.timer);
  replay.timer = null;
  document.getElementById("play").textContent = "▶ Play";
}

function togglePlay() {
  if (replay.timer) { stop(); return; }
  document.getElementById("play").textContent = "⏸ Pause";
  replay.timer = setInterval(() => {
    if (replay.decision >= replay.decisions) { stop(); return; }
    show(replay.decision + 1);
  }, 1000);
}

const perspective = document.getElementById("perspective");
for (let seat = 0; seat < players; seat++) perspective.append(GG.el("option", { value: seat, text: GG.playerName(seat) }));
perspective.addEventListener("change", () => { replay.seat = perspective.value; show(replay.decision); });
document.getElementById("first").addEventListener("click", () => { stop(); show(0); });
document.getElementById("prev").addEventListener("click", () => { stop(); show(Math.max(0, replay.decision - 1)); });
document.getElementById("next").addEventListener("click", () => { stop(); show(Math.min(replay.decisions, replay.decision + 1)); });
document.getElementById("last").addEventListener("click", () => { stop(); show(replay.decisions); });
document.getElementById("play").addEventListener("click", togglePlay);
document.getElementById("slider").addEventListener("input", (e) => { stop(); show(Number(e.target.value)); });
document.addEventListener("keydown", (e) => {
  if (e.target.closest && e.target.closest("select, input")) return;
  if (e.key === "ArrowRight") document.getElementById("next").click();
  if (e.key === "ArrowLeft") document.getElementById("prev").click();
  if (e.key === "Home") document.getElementById("first").click();
  if (e.key === "End") document.getElementById("last").click();
});
GGBoard.bind();
show(0);
