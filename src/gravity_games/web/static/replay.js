// Replay page: step through a finished game, from everyone's public view or one player's.
"use strict";

const app = document.getElementById("app");
const gid = app.dataset.gid;
const players = Number(app.dataset.players);
const replay = { step: 0, steps: 0, timer: null, seat: "" };

async function show(step) {
  const query = new URLSearchParams({ step: String(step) });
  if (replay.seat !== "") query.set("seat", replay.seat);
  let view;
  try { view = await GG.api("/api/games/" + gid + "/replay?" + query); } catch (error) { GG.toast(error.message); stop(); return; }
  replay.step = view.step;
  replay.steps = view.steps;
  const slider = document.getElementById("slider");
  slider.max = view.steps;
  slider.value = view.step;
  document.getElementById("counter").textContent = "step " + view.step + " / " + view.steps;
  let text = "Start of the game";
  if (view.step > 0) {
    const who = view.actor === -1 || view.actor === null ? "Chance" : GG.playerName(view.actor);
    text = who + ": " + view.action_text;
  }
  if (view.terminal) text += " · game over";
  document.getElementById("step-text").textContent = text;
  document.getElementById("board").innerHTML = view.svg || "";
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
    if (replay.step >= replay.steps) { stop(); return; }
    show(replay.step + 1);
  }, 700);
}

const perspective = document.getElementById("perspective");
for (let seat = 0; seat < players; seat++) perspective.append(GG.el("option", { value: seat, text: GG.playerName(seat) }));
perspective.addEventListener("change", () => { replay.seat = perspective.value; show(replay.step); });
document.getElementById("first").addEventListener("click", () => { stop(); show(0); });
document.getElementById("prev").addEventListener("click", () => { stop(); show(Math.max(0, replay.step - 1)); });
document.getElementById("next").addEventListener("click", () => { stop(); show(Math.min(replay.steps, replay.step + 1)); });
document.getElementById("last").addEventListener("click", () => { stop(); show(replay.steps); });
document.getElementById("play").addEventListener("click", togglePlay);
document.getElementById("slider").addEventListener("input", (e) => { stop(); show(Number(e.target.value)); });
document.addEventListener("keydown", (e) => {
  if (e.key === "ArrowRight") document.getElementById("next").click();
  if (e.key === "ArrowLeft") document.getElementById("prev").click();
});
show(0);
