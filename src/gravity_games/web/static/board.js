// The drawn board: readable scale with pan and zoom, moves made by tapping its parts, last-move marks.
//
// A game's SVG marks each thing a player can act on with data-part="<key>"; each legal move of the
// view lists the parts tapped in order to make it (view.legal_actions[i].parts). GGBoard narrows the
// candidate moves with every tap, highlights the legal next taps (class gg-legal), shows the taps so
// far (gg-chosen) with a preview and a cancel, asks before a move flagged `confirm`, and plays a move
// as soon as the taps complete exactly one.
"use strict";

const GGBoard = (() => {
  const state = { view: null, chosen: [], zoom: 1, onPlay: null, onInfo: null, minScale: 1, fitScale: 1 };
  // state.chosen: the part keys tapped so far for the move being built

  function isPhone() { return window.matchMedia("(max-width: 700px)").matches; }

  // Smallest on-screen text allowed: 12 CSS px on a desktop, 11 on a phone (a margin is added).
  function minTextPx() { return isPhone() ? 11.5 : 12.5; }

  function svgOf(root) { return root.querySelector("svg"); }

  function viewBox(svg) {
    const vb = svg.viewBox && svg.viewBox.baseVal;
    if (vb && vb.width) return { w: vb.width, h: vb.height };
    return { w: Number(svg.getAttribute("width")) || 800, h: Number(svg.getAttribute("height")) || 600 };
  }

  function smallestFont(svg) {
    let smallest = Infinity;
    for (const t of svg.querySelectorAll("text")) {
      if (!t.textContent.trim()) continue;
      const size = parseFloat(getComputedStyle(t).fontSize);
      if (size > 0 && size < smallest) smallest = size;
    }
    return Number.isFinite(smallest) ? smallest : 14;
  }

  // Fit the width when the text stays readable; otherwise never shrink below the readable scale,
  // and let the viewport pan. The zoom factor multiplies on top, never below the readable scale.
  function layout() {
    const viewport = document.getElementById("board-viewport");
    const svg = viewport && svgOf(viewport);
    if (!svg) return;
    const { w, h } = viewBox(svg);
    const room = Math.max(200, viewport.clientWidth - 4);
    state.fitScale = room / w;
    state.minScale = minTextPx() / smallestFont(svg);
    const base = Math.max(state.fitScale, state.minScale);
    const scale = Math.max(state.minScale, base * state.zoom);
    svg.setAttribute("width", String(Math.round(w * scale)));
    svg.setAttribute("height", String(Math.round(h * scale)));
    svg.style.width = Math.round(w * scale) + "px";
    svg.style.height = Math.round(h * scale) + "px";
    svg.style.maxWidth = "none";
    svg.style.maxHeight = "none";
    const zoomLabel = document.getElementById("zoom-level");
    if (zoomLabel) zoomLabel.textContent = Math.round(scale * 100) + "%";
    viewport.classList.toggle("pannable", w * scale > room + 2 || viewport.scrollHeight > viewport.clientHeight + 2);
  }

  function zoomBy(factor) {
    const base = Math.max(state.fitScale, state.minScale);
    state.zoom = Math.min(3, Math.max(state.minScale / base, state.zoom * factor));
    layout();
  }

  function showHand() {
    const viewport = document.getElementById("board-viewport");
    const hand = viewport && viewport.querySelector("[data-region=hand]");
    if (!hand || !isPhone()) return;
    const box = hand.getBoundingClientRect();
    const port = viewport.getBoundingClientRect();
    if (box.top < port.top || box.bottom > port.bottom || box.left < port.left || box.right > port.right) {
      viewport.scrollTop += box.top - port.top - 8;
      viewport.scrollLeft += box.left - port.left - 8;
    }
  }

  // Pinch to zoom on touch screens: two pointers on the viewport scale by their distance.
  function bindPinch(viewport) {
    const pointers = new Map();
    let startDistance = 0;
    let startZoom = 1;
    const distance = () => {
      const [a, b] = [...pointers.values()];
      return Math.hypot(a.x - b.x, a.y - b.y);
    };
    viewport.addEventListener("pointerdown", (e) => {
      if (e.pointerType !== "touch") return;
      pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
      if (pointers.size === 2) { startDistance = distance(); startZoom = state.zoom; }
    });
    viewport.addEventListener("pointermove", (e) => {
      if (!pointers.has(e.pointerId)) return;
      pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
      if (pointers.size === 2 && startDistance > 0) {
        const base = Math.max(state.fitScale, state.minScale);
        state.zoom = Math.min(3, Math.max(state.minScale / base, startZoom * distance() / startDistance));
        layout();
      }
    });
    const end = (e) => { pointers.delete(e.pointerId); if (pointers.size < 2) startDistance = 0; };
    viewport.addEventListener("pointerup", end);
    viewport.addEventListener("pointercancel", end);
  }

  function partNodes(key) {
    return document.querySelectorAll(`#board [data-part="${CSS.escape(key)}"]`);
  }

  function candidates() {
    const chosen = state.chosen;
    return ((state.view && state.view.legal_actions) || []).filter((a) =>
      a.parts && a.parts.length >= chosen.length && chosen.every((p, i) => a.parts[i] === p));
  }

  function describePart(key, moves) {
    const i = state.chosen.length;
    const using = moves.filter((a) => a.parts[i] === key);
    if (using.length === 1 && using[0].parts.length === i + 1) return using[0].description;
    const node = partNodes(key)[0];
    const label = node && node.getAttribute("aria-label");
    return (label || key) + (using.length > 1 ? " (" + using.length + " moves)" : "");
  }

  function clearMarks() {
    for (const node of document.querySelectorAll("#board [data-part]")) {
      node.classList.remove("gg-legal", "gg-chosen", "clickable");
      node.removeAttribute("tabindex");
      node.removeAttribute("data-action");
      // A part that cannot be tapped now is still named for screen readers: a labelled group.
      if (node.hasAttribute("aria-label")) node.setAttribute("role", "group");
      else node.removeAttribute("role");
    }
  }

  function markLast(view) {
    for (const node of document.querySelectorAll("#board .gg-last")) node.classList.remove("gg-last");
    const last = view.last;
    if (!last || !last.parts) return;
    for (const key of last.parts) for (const node of partNodes(key)) node.classList.add("gg-last");
  }

  // Recompute what can be tapped after the taps so far; returns the moves still possible.
  function refresh() {
    clearMarks();
    const moves = candidates();
    const i = state.chosen.length;
    for (const key of state.chosen) for (const node of partNodes(key)) node.classList.add("gg-chosen");
    const next = new Set(moves.filter((a) => a.parts.length > i).map((a) => a.parts[i]));
    for (const key of next) {
      for (const node of partNodes(key)) {
        node.classList.add("gg-legal", "clickable");
        node.setAttribute("role", "button");
        node.setAttribute("tabindex", "0");
        node.setAttribute("data-action", key); // a legal tap, as DESIGN.md names clickable parts
        const words = describePart(key, moves);
        node.setAttribute("aria-label", words);
        let title = node.querySelector(":scope > title");
        if (!title) { title = document.createElementNS("http://www.w3.org/2000/svg", "title"); node.prepend(title); }
        title.textContent = words;
      }
    }
    renderBuilder(moves);
    return moves;
  }

  function partName(key) {
    const node = partNodes(key)[0];
    return (node && node.getAttribute("aria-label")) || key;
  }

  // The bar over the board while a move is being built: the taps so far, the move(s) they
  // complete (a Play button: the confirmation), and Cancel.
  function renderBuilder(moves) {
    const bar = document.getElementById("builder");
    if (!bar) return;
    const i = state.chosen.length;
    if (i === 0) { bar.hidden = true; bar.replaceChildren(); return; }
    const complete = moves.filter((a) => a.parts.length === i);
    const items = [GG.el("span", { class: "builder-label", text: "Your move:" }),
      GG.el("span", { class: "builder-parts", text: state.chosen.map(partName).join(" → ") })];
    complete.forEach((move, n) => {
      items.push(GG.el("button", { type: "button", class: "button primary small confirm-move", id: n === 0 ? "confirm-move" : undefined,
        "data-confirm-id": move.id, text: "Play: " + move.description, onclick: () => finish(move) }));
    });
    if (moves.some((a) => a.parts.length > i)) {
      items.push(GG.el("span", { class: "muted builder-hint", text: complete.length ? "or tap a highlighted part to go on" : "tap a highlighted part to go on" }));
    }
    items.push(GG.el("button", { type: "button", class: "button small", id: "cancel-move", text: "Cancel", onclick: cancel }));
    bar.replaceChildren(...items);
    bar.hidden = false;
  }

  function finish(move) {
    state.chosen = [];
    clearMarks();
    renderBuilder([]);
    if (state.onPlay) state.onPlay(move.id);
  }

  function cancel() {
    state.chosen = [];
    refresh();
  }

  function tap(key) {
    const i = state.chosen.length;
    if (!candidates().some((a) => a.parts.length > i && a.parts[i] === key)) return false;
    state.chosen.push(key);
    const moves = refresh();
    const n = state.chosen.length;
    const complete = moves.filter((a) => a.parts.length === n);
    const longer = moves.filter((a) => a.parts.length > n);
    // One move and nothing longer: play it, unless it asks for a confirmation (the bar shows it).
    if (complete.length === 1 && longer.length === 0 && !complete[0].confirm) finish(complete[0]);
    return true;
  }

  function onBoardEvent(event) {
    const node = event.target.closest && event.target.closest("[data-part], [data-info]");
    if (!node || !document.getElementById("board").contains(node)) return;
    const key = node.getAttribute("data-part");
    if (key && node.classList.contains("gg-legal")) {
      event.preventDefault();
      tap(key);
      return;
    }
    const info = node.getAttribute("data-info") || (node.closest("[data-info]") && node.closest("[data-info]").getAttribute("data-info"));
    if (info && state.onInfo) state.onInfo(info);
  }

  // Touch screens have no hover: a long press on a part shows what tapping it would do, and the
  // click that ends the press is dropped.
  function bindLongPress(board) {
    let timer = null;
    let shown = false;
    let swallowUntil = 0;
    let pressed = null;
    const tip = document.getElementById("tip");
    const hide = () => { if (tip) tip.hidden = true; };
    board.addEventListener("pointerdown", (e) => {
      if (e.pointerType !== "touch" || !tip) return;
      const node = e.target.closest && e.target.closest("[data-part], [data-info]");
      if (!node) return;
      shown = false;
      pressed = node;
      clearTimeout(timer);
      timer = setTimeout(() => {
        const title = node.querySelector(":scope > title");
        const words = (title && title.textContent) || node.getAttribute("aria-label");
        if (!words) return;
        tip.textContent = words;
        tip.style.left = Math.max(8, Math.min(window.innerWidth - 260, e.clientX - 120)) + "px";
        tip.style.top = Math.max(8, e.clientY - 70) + "px";
        tip.hidden = false;
        shown = true;
      }, 550);
    });
    const stop = () => {
      clearTimeout(timer);
      // the click that a browser may send at the end of the long press (on the pressed part) is not a tap
      if (shown) swallowUntil = Date.now() + 400;
      setTimeout(hide, shown ? 1800 : 0);
      shown = false;
    };
    board.addEventListener("pointerup", stop);
    board.addEventListener("pointercancel", stop);
    board.addEventListener("pointermove", (e) => { if (e.pointerType === "touch" && !shown) clearTimeout(timer); });
    board.addEventListener("click", (e) => {
      if (Date.now() < swallowUntil && pressed && pressed.contains(e.target)) {
        e.stopImmediatePropagation();
        e.preventDefault();
        swallowUntil = 0;
      }
    }, true);
    board.addEventListener("contextmenu", (e) => { if (shown || Date.now() < swallowUntil) e.preventDefault(); });
  }

  function bind() {
    const board = document.getElementById("board");
    bindLongPress(board);
    board.addEventListener("click", onBoardEvent);
    board.addEventListener("keydown", (e) => {
      if ((e.key === "Enter" || e.key === " ") && e.target.closest("[data-part].gg-legal")) { e.preventDefault(); onBoardEvent(e); }
    });
    document.addEventListener("keydown", (e) => { if (e.key === "Escape" && state.chosen.length) cancel(); });
    const viewport = document.getElementById("board-viewport");
    bindPinch(viewport);
    window.addEventListener("resize", layout);
    const zin = document.getElementById("zoom-in");
    const zout = document.getElementById("zoom-out");
    const zfit = document.getElementById("zoom-fit");
    if (zin) zin.addEventListener("click", () => zoomBy(1.25));
    if (zout) zout.addEventListener("click", () => zoomBy(0.8));
    if (zfit) zfit.addEventListener("click", () => { state.zoom = 1; layout(); });
  }

  // Draw a view: the SVG, its scale, the last-move marks and (on the player's turn) the legal taps.
  function draw(view, { keepChoice = false } = {}) {
    const sameMoves = keepChoice && state.view && JSON.stringify(state.view.legal_actions) === JSON.stringify(view.legal_actions);
    state.view = view;
    if (!sameMoves) state.chosen = [];
    const board = document.getElementById("board");
    board.innerHTML = view.svg || "";
    layout();
    markLast(view);
    refresh();
    showHand();
  }

  // How many of the view's moves can be made by taps on parts drawn on the board.
  function playableShare(view) {
    const moves = view.legal_actions || [];
    if (!moves.length) return 1;
    const ok = moves.filter((a) => a.parts && a.parts.length && a.parts.every((p) => partNodes(p).length > 0));
    return ok.length / moves.length;
  }

  return {
    bind, draw, layout, tap, cancel, playableShare,
    set onPlay(f) { state.onPlay = f; },
    set onInfo(f) { state.onInfo = f; },
    get chosen() { return [...state.chosen]; },
  };
})();
