// Shared helpers of the Gravity Games pages (no build step: plain browser JavaScript).
"use strict";

const GG = {
  async api(path, { method = "GET", body, token } = {}) {
    const headers = {};
    if (body !== undefined) headers["Content-Type"] = "application/json";
    if (token) headers["Authorization"] = "Bearer " + token;
    const response = await fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    let data = null;
    try { data = await response.json(); } catch (_) { data = null; }
    if (!response.ok) {
      const message = data && data.detail ? data.detail : response.status + " " + response.statusText;
      const error = new Error(message);
      error.status = response.status;
      throw error;
    }
    return data;
  },

  el(tag, attrs = {}, ...children) {
    const node = document.createElement(tag);
    for (const [key, value] of Object.entries(attrs)) {
      if (value === undefined || value === null || value === false) continue;
      if (key === "class") node.className = value;
      else if (key === "text") node.textContent = value;
      else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
      else node.setAttribute(key, value === true ? "" : value);
    }
    for (const child of children) {
      if (child === null || child === undefined) continue;
      node.append(child instanceof Node ? child : document.createTextNode(String(child)));
    }
    return node;
  },

  // Seats are numbered from 0, as in the API, the game logs and the boards.
  playerName(seat) {
    return "Seat " + seat;
  },

  toast(message, kind = "error") {
    const box = document.getElementById("toast");
    if (!box) return;
    box.textContent = message;
    box.className = "toast show " + kind;
    clearTimeout(GG._toastTimer);
    GG._toastTimer = setTimeout(() => { box.className = "toast"; }, 4500);
  },

  // Seat tokens the browser holds, per game: {gid: {seat: token}}.
  savedSeats() {
    try { return JSON.parse(localStorage.getItem("gg-seats") || "{}"); } catch (_) { return {}; }
  },
  saveSeat(gid, seat, token, title) {
    const all = GG.savedSeats();
    all[gid] = all[gid] || { title, seats: {} };
    all[gid].seats[seat] = token;
    if (title) all[gid].title = title;
    localStorage.setItem("gg-seats", JSON.stringify(all));
  },

  seatLink(gid, seat, token) {
    return location.origin + "/games/" + encodeURIComponent(gid) + "#seat=" + seat + "&token=" + encodeURIComponent(token);
  },

  outcomeText(view, name = GG.playerName) {
    const outcome = view.outcome || {};
    const winners = outcome.winners || [];
    const reason = outcome.reason ? " (" + outcome.reason.replaceAll("_", " ") + ")" : "";
    if (!winners.length) return "Nobody wins" + reason;
    if (view.seat !== null && view.seat !== undefined && winners.includes(view.seat)) {
      return (winners.length > 1 ? "You share the win" : "You win") + reason;
    }
    return winners.map(name).join(" and ") + (winners.length > 1 ? " win" : " wins") + reason;
  },
};
