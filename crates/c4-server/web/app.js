// c4's page. Plain JavaScript, no build step: the server embeds this file as it is.
//
// The position lives in one string of column digits (`state.moves`), mirrored in the URL
// hash (`#4453`). The server is the authority on rules: after every change the page asks
// /api/position for the board, the status, the winning cells and the legal columns, then
// decides whose turn it is. Computer moves come from /api/best, hints from /api/hint (the
// player named by /api/players' `hint`), analyses from /api/analyze.
// Each move remembers who chose it (`state.plies`), so a finished game can be saved as a
// game record through /api/record; a computer plays a whole game with one seed, so each of
// its moves is `c4 best --ai SPEC` on the position before it. Every change bumps
// `state.generation`, so answers that arrive after an undo or a new game are dropped instead
// of being played.
"use strict";

const COLUMNS = 7;
const ROWS = 6;

/** How to move, said to a touch screen without the number keys it lacks. */
const howToPlay = () => (matchMedia("(pointer: coarse)").matches ? "tap a column" : "click a column or press 1-7");

const $ = (id) => document.getElementById(id);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

const state = {
  moves: "",
  redo: [],
  summary: null,
  // Per ply, who chose the move: {by: "human", column, time_ms} or {by: "computer", ai, seed,
  // stats} (the /api/best answer); null for moves loaded from a link.
  plies: [],
  seeds: null, // per side, the seed its computer plays this game with
  turnStarted: 0, // when the person to move was asked, for the time their move took
  generation: 0,
  paused: false,
  registry: null,
  analysis: null, // the last /api/analyze answer shown, which the hint must not contradict
};

// ---------------------------------------------------------------- server

async function api(path, body) {
  const init = body === undefined
    ? {}
    : { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) };
  for (let attempt = 0; ; attempt += 1) {
    const response = await fetch(path, init);
    if (response.status === 429 && attempt < 10) {
      const wait = Number(response.headers.get("Retry-After")) || 1;
      $("hint-text").textContent = `The server is busy; retrying in ${wait} s…`;
      await sleep(wait * 1000);
      continue;
    }
    let data;
    try {
      data = await response.json();
    } catch {
      data = { error: `HTTP ${response.status}` };
    }
    if (!response.ok) {
      throw new Error(data.error || `HTTP ${response.status}`);
    }
    return data;
  }
}

// ---------------------------------------------------------------- players

const mode = () => $("mode").value;
const humanSide = () => document.querySelector('input[name="human-side"]:checked').value;
const sideName = (side) => (side === "red" ? "Red" : "Yellow");
const sideToMove = (moves) => (moves.length % 2 === 0 ? "red" : "yellow");

/** "human", or the player spec of the computer playing `side`. */
function controllerOf(side) {
  const m = mode();
  if (m === "human-human" || (m === "human-ai" && side === humanSide())) {
    return "human";
  }
  return specOf(side);
}

function describeSide(side) {
  const controller = controllerOf(side);
  if (controller === "human") {
    return mode() === "human-ai" ? "You" : sideName(side);
  }
  return `${sideName(side)} (${shortSpec(controller)})`;
}

const shortSpec = (spec) => (spec.length > 28 ? `${spec.slice(0, 27)}…` : spec);

function buildPlayerMenu(side) {
  const registry = state.registry;
  const box = $(`player-${side}`);
  box.replaceChildren();
  const id = (name) => `${side}-${name}`;

  const label = document.createElement("label");
  label.htmlFor = id("level");
  label.textContent = `${sideName(side)} computer`;
  const select = document.createElement("select");
  select.id = id("level");
  for (const level of registry.levels) {
    select.append(new Option(level.name, level.name));
  }
  select.append(new Option("custom…", "custom"));
  select.value = registry.default_level;

  const description = document.createElement("p");
  description.className = "description";
  description.id = id("description");
  select.setAttribute("aria-describedby", description.id);

  const custom = document.createElement("div");
  custom.className = "custom";
  custom.hidden = true;
  const algorithm = labelled(custom, id("algorithm"), "Algorithm", document.createElement("select"));
  for (const entry of registry.algorithms) {
    algorithm.append(new Option(entry.name, entry.name));
  }
  algorithm.value = "alphabeta";
  const evaluator = labelled(custom, id("eval"), "Evaluator", document.createElement("select"));
  for (const entry of registry.evaluators) {
    evaluator.append(new Option(entry.name, entry.name));
  }
  evaluator.value = "threats";
  const depth = labelled(custom, id("depth"), "Depth (plies)", numberInput(1, 42, 6));
  const time = labelled(custom, id("time"), "Time (ms)", numberInput(1, 600000, ""));
  time.placeholder = "none";

  const update = () => {
    custom.hidden = select.value !== "custom";
    const entry = registry.algorithms.find((a) => a.name === algorithm.value);
    const keys = new Set(entry.options.map((o) => o.key));
    evaluator.parentElement.hidden = !entry.uses_evaluator;
    depth.parentElement.hidden = !keys.has("depth");
    time.parentElement.hidden = !keys.has("time");
    if (select.value === "custom") {
      description.textContent = `${entry.summary}. Spec: ${specOf(side)}`;
    } else {
      const level = registry.levels.find((l) => l.name === select.value);
      description.textContent = `${level.description}. Spec: ${level.spec}`;
    }
  };
  for (const input of [select, algorithm, evaluator, depth, time]) {
    input.addEventListener("change", update);
  }
  box.append(label, select, description, custom);
  update();
}

function labelled(parent, id, text, input) {
  const label = document.createElement("label");
  label.htmlFor = id;
  label.textContent = text;
  input.id = id;
  label.append(input);
  parent.append(label);
  return input;
}

function numberInput(min, max, value) {
  const input = document.createElement("input");
  input.type = "number";
  input.min = String(min);
  input.max = String(max);
  input.value = String(value);
  return input;
}

/** The spec of the computer playing `side`, from its menu. */
function specOf(side) {
  const level = $(`${side}-level`).value;
  if (level !== "custom") {
    return level;
  }
  const name = $(`${side}-algorithm`).value;
  const entry = state.registry.algorithms.find((a) => a.name === name);
  const keys = new Set(entry.options.map((o) => o.key));
  const options = [];
  const depth = $(`${side}-depth`).value.trim();
  const time = $(`${side}-time`).value.trim();
  if (keys.has("depth") && depth) options.push(`depth=${depth}`);
  if (keys.has("time") && time) options.push(`time=${time}`);
  if (entry.uses_evaluator) options.push(`eval=${$(`${side}-eval`).value}`);
  return options.length ? `${name}:${options.join(",")}` : name;
}

function updateSetupVisibility() {
  const m = mode();
  $("first-field").hidden = m !== "human-ai";
  $("speed-field").hidden = m !== "ai-ai";
  for (const side of ["red", "yellow"]) {
    $(`player-${side}`).hidden = controllerOf(side) === "human";
  }
}

// ---------------------------------------------------------------- board

function buildBoard() {
  const board = $("board");
  board.replaceChildren();
  for (let c = 0; c < COLUMNS; c += 1) {
    const column = document.createElement("button");
    column.type = "button";
    column.className = "column";
    column.dataset.column = String(c + 1);
    for (let r = ROWS - 1; r >= 0; r -= 1) {
      const cell = document.createElement("span");
      cell.className = "cell";
      cell.dataset.row = String(r + 1);
      column.append(cell);
    }
    column.addEventListener("click", () => humanPlay(c + 1));
    column.addEventListener("mouseenter", () => showPreview(c + 1));
    column.addEventListener("focus", () => showPreview(c + 1));
    column.addEventListener("mouseleave", clearPreview);
    column.addEventListener("blur", clearPreview);
    column.addEventListener("keydown", (event) => {
      const step = { ArrowLeft: -1, ArrowRight: 1 }[event.key];
      if (step) {
        event.preventDefault();
        columnButton(((c + step + COLUMNS) % COLUMNS) + 1).focus();
      }
    });
    board.append(column);
  }
  $("column-numbers").replaceChildren(
    ...Array.from({ length: COLUMNS }, (_, c) => {
      const number = document.createElement("span");
      number.textContent = String(c + 1);
      return number;
    }),
  );
}

const columnButton = (number) => $("board").children[number - 1];
const cellAt = (number, row) => columnButton(number).children[ROWS - row];

function discsIn(number) {
  const column = number - 1;
  return state.summary.board.filter((line) => line[column] !== ".").length;
}

function render(animatedColumn) {
  const summary = state.summary;
  const winning = new Set(summary.winning_cells);
  const lastColumn = Number(state.moves.slice(-1)) || 0;
  const board = $("board");
  board.dataset.moves = summary.moves;
  board.dataset.status = summary.status;
  for (let c = 1; c <= COLUMNS; c += 1) {
    const height = discsIn(c);
    for (let r = 1; r <= ROWS; r += 1) {
      const cell = cellAt(c, r);
      cell.replaceChildren();
      const mark = summary.board[ROWS - r][c - 1];
      if (mark === ".") {
        continue;
      }
      const disc = document.createElement("span");
      disc.className = `disc ${mark === "X" ? "red" : "yellow"}`;
      const square = `${String.fromCharCode(96 + c)}${r}`;
      if (winning.has(square)) disc.classList.add("win");
      if (c === lastColumn && r === height) {
        disc.classList.add("last");
        if (c === animatedColumn) {
          disc.classList.add("falling");
          disc.style.setProperty("--fall", String(ROWS - r));
        }
      }
      cell.append(disc);
    }
    const button = columnButton(c);
    const full = height === ROWS;
    button.setAttribute("aria-label", `Column ${c}: ${height} of ${ROWS} filled${full ? ", full" : ""}`);
    button.classList.remove("hinted");
  }
  updatePlayable();
}

const inProgress = () => Boolean(state.summary) && state.summary.status === "in_progress";
const gameOver = () => Boolean(state.summary) && state.summary.status !== "in_progress";

function humansTurn() {
  return inProgress() && controllerOf(state.summary.to_move) === "human";
}

function updatePlayable() {
  const legal = new Set(state.summary.legal_columns);
  const open = humansTurn();
  for (let c = 1; c <= COLUMNS; c += 1) {
    columnButton(c).setAttribute("aria-disabled", String(!(open && legal.has(c))));
  }
}

function showPreview(number) {
  clearPreview();
  if (!humansTurn() || !state.summary.legal_columns.includes(number)) return;
  const disc = document.createElement("span");
  disc.className = `disc preview ${state.summary.to_move}`;
  cellAt(number, discsIn(number) + 1).append(disc);
}

function clearPreview() {
  for (const preview of document.querySelectorAll(".disc.preview")) preview.remove();
}

// ---------------------------------------------------------------- turns

function humanPlay(number) {
  if (!humansTurn()) return;
  if (!state.summary.legal_columns.includes(number)) {
    say(`Column ${number} is full.`);
    return;
  }
  const timeMs = Math.round(performance.now() - state.turnStarted);
  play(number, { by: "human", column: number, time_ms: timeMs });
}

function play(number, chooser) {
  state.moves += String(number);
  state.plies.length = state.moves.length - 1;
  state.plies.push(chooser);
  state.redo = [];
  refresh(number);
}

/** Fetches the position, draws it and starts whatever comes next. */
async function refresh(animatedColumn) {
  const generation = ++state.generation;
  $("hint-text").textContent = "";
  let summary;
  try {
    summary = await api(`/api/position?moves=${encodeURIComponent(state.moves)}`);
  } catch (error) {
    setTurn("error", `Cannot load the position: ${error.message}`);
    return;
  }
  if (generation !== state.generation) return;
  state.summary = summary;
  history.replaceState(null, "", state.moves ? `#${state.moves}` : location.pathname + location.search);
  clearPreview();
  render(animatedColumn);
  renderMoves();
  updateSetupVisibility();
  updateControls();
  if (summary.status !== "in_progress") {
    finish(summary);
    return;
  }
  $("banner").hidden = true;
  if ($("analysis-toggle").checked) analyse(generation);
  const controller = controllerOf(summary.to_move);
  if (state.redo.length && controller !== "human") {
    // Looking back through the game: the computer waits until the last move is back.
    const total = state.moves.length + state.redo.length;
    setTurn(
      "paused",
      `Viewing move ${state.moves.length} of ${total}: Redo or a later move goes forward.`,
      summary.to_move,
    );
    return;
  }
  if (controller === "human") {
    const who = describeSide(summary.to_move);
    setTurn("human", `${who === "You" ? "Your move" : `${who} to move`}: ${howToPlay()}.`, summary.to_move);
    state.turnStarted = performance.now();
    updatePlayable();
  } else {
    computerMove(generation, controller, summary.to_move);
  }
}

async function computerMove(generation, spec, side) {
  setTurn("ai", `${describeSide(side)} is thinking…`, side);
  const pause = mode() === "ai-ai" ? Number($("speed").value) : 350;
  await sleep(pause);
  if (generation !== state.generation) return;
  if (state.paused && mode() === "ai-ai") {
    setTurn("paused", "Paused: press Resume to go on.", side);
    return;
  }
  try {
    const answer = await api("/api/best", { moves: state.moves, ai: spec, seed: state.seeds[side] });
    if (generation !== state.generation) return;
    showStats(answer);
    play(answer.column, { by: "computer", ai: answer.ai, seed: answer.seed, stats: answer });
  } catch (error) {
    if (generation !== state.generation) return;
    setTurn("error", `${describeSide(side)} could not move: ${error.message}`, side);
  }
}

function finish(summary) {
  let text;
  if (summary.status === "draw") {
    text = "Draw: the board is full.";
  } else {
    const who = describeSide(summary.winner);
    text = who === "You" ? "You win!" : `${who} wins.`;
    if (mode() === "human-ai" && who !== "You") text = `${who} wins. Undo to try again.`;
  }
  $("banner-text").textContent = text;
  $("banner").hidden = false;
  setTurn("over", text, summary.winner);
  $("analysis").hidden = true;
}

function setTurn(turn, text, side) {
  document.body.dataset.turn = turn;
  const status = $("status");
  status.replaceChildren();
  if (side) {
    const dot = document.createElement("span");
    dot.className = `disc-dot ${side}`;
    dot.setAttribute("aria-hidden", "true");
    status.append(dot);
  }
  status.append(text);
}

const say = (text) => {
  $("hint-text").textContent = text;
};

// ---------------------------------------------------------------- undo, redo (the hint: hint.js)

/** Moves to undo so that a human is to move again (in human vs computer), at least one. */
function undoCount(moves) {
  if (mode() !== "human-ai") return 1;
  let n = 1;
  while (n < moves.length && controllerOf(sideToMove(moves.slice(0, moves.length - n))) !== "human") {
    n += 1;
  }
  return n;
}

function undo() {
  if (!state.moves) return;
  const n = undoCount(state.moves);
  const undone = state.moves.slice(-n);
  state.moves = state.moves.slice(0, -n);
  state.redo.push(...[...undone].reverse());
  refreshAfterHistory();
}

function redo() {
  if (!state.redo.length) return;
  do {
    state.moves += state.redo.pop();
  } while (state.redo.length && mode() === "human-ai" && controllerOf(sideToMove(state.moves)) !== "human");
  refreshAfterHistory();
}

function refreshAfterHistory() {
  $("banner").hidden = true;
  refresh(null);
}

function updateControls() {
  $("undo").disabled = state.moves.length === 0;
  $("redo").disabled = state.redo.length === 0;
  $("review").disabled = wholeLine().length === 0;
  $("save").disabled = !gameOver();
  $("hint").disabled = !humansTurn();
  $("pause").textContent = state.paused ? "Resume" : "Pause";
}

// ---------------------------------------------------------------- analysis

// ---------------------------------------------------------------- panels

/** The whole line: the moves played and those undone that Redo would replay. */
const wholeLine = () => state.moves + [...state.redo].reverse().join("");

/** Shows the position after `ply` moves of the whole line (0: the start). */
function jumpTo(ply) {
  const line = wholeLine();
  state.moves = line.slice(0, ply);
  state.redo = [...line.slice(ply)].reverse();
  refreshAfterHistory();
}

/** Marks of a review, by quality. */
const REVIEW_MARKS = { optimal: "✓", inaccurate: "?!", mistake: "??" };

/** Judges every move of the whole line with the solver and marks the move list. */
async function reviewGame() {
  const moves = wholeLine();
  if (!moves) return;
  say("Reviewing the game with the solver…");
  try {
    state.review = await api("/api/review", { moves });
  } catch (error) {
    say(`No review: ${error.message}`);
    return;
  }
  renderMoves();
  const tally = (side) => {
    const mine = state.review.reviewed.filter((m) => m.player === side);
    const count = (q) => mine.filter((m) => m.quality === q).length;
    const mistakes = count("mistake");
    return `${sideName(side)} ${count("optimal")} optimal, ${count("inaccurate")} inaccurate, ${mistakes} mistake${mistakes === 1 ? "" : "s"}`;
  };
  const partial = state.review.complete ? "" : " (the earliest moves could not be judged in time)";
  say(`Review: ${tally("red")}; ${tally("yellow")}${partial}. Hover a mark for the best move.`);
}

function renderMoves() {
  const list = $("move-list");
  list.replaceChildren();
  const line = wholeLine();
  const judged = new Map();
  if (state.review && line.startsWith(state.review.moves)) {
    for (const m of state.review.reviewed) judged.set(m.ply, m);
  }
  [...line].forEach((column, ply) => {
    const item = document.createElement("li");
    const button = document.createElement("button");
    button.type = "button";
    button.className = "move";
    button.textContent = `${ply % 2 === 0 ? "Red" : "Yellow"} ${column}`;
    button.title = `Show the position after move ${ply + 1}`;
    button.addEventListener("click", () => jumpTo(ply + 1));
    item.append(button);
    const verdict = judged.get(ply);
    if (verdict) {
      const mark = document.createElement("span");
      mark.className = `mark ${verdict.quality}`;
      mark.textContent = ` ${REVIEW_MARKS[verdict.quality]}`;
      const best = verdict.quality === "optimal"
        ? ""
        : `; best ${verdict.best_columns.join(" or ")} (${verdict.best_text})`;
      mark.title = `${verdict.quality}: ${verdict.text}${best}`;
      mark.setAttribute("aria-label", mark.title);
      item.append(mark);
    }
    const chooser = state.plies[ply];
    if (chooser && chooser.by === "computer") {
      const stats = chooser.stats;
      const meta = document.createElement("span");
      meta.className = "meta";
      meta.textContent = ` · depth ${stats.depth} · ${formatNodes(stats.nodes)} nodes · ${formatMs(stats.time_ms)}`;
      item.append(meta);
    }
    if (ply >= state.moves.length) item.classList.add("ahead");
    if (ply === state.moves.length - 1) {
      item.setAttribute("aria-current", "step");
      button.setAttribute("aria-current", "step");
    }
    list.append(item);
  });
  if (!state.redo.length) list.scrollTop = list.scrollHeight;
}

function showStats(answer) {
  $("stat-ai").textContent = answer.ai;
  $("stat-column").textContent = String(answer.column);
  $("stat-score").textContent = answer.score_text;
  $("stat-depth").textContent = String(answer.depth);
  $("stat-nodes").textContent = formatNodes(answer.nodes);
  $("stat-time").textContent = formatMs(answer.time_ms);
  const notes = [answer.note, ...(answer.clamped || []).map((c) => `server limit: ${c}`)].filter(Boolean);
  $("stat-note").textContent = notes.join("; ");
}

function formatNodes(n) {
  if (n >= 1e6) return `${(n / 1e6).toFixed(1)} M`;
  if (n >= 1e3) return `${(n / 1e3).toFixed(1)} k`;
  return String(n);
}

const formatMs = (ms) => (ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${ms.toFixed(1)} ms`);

// ---------------------------------------------------------------- saving

/** Downloads the finished game as a game record, one JSON line (the games-file format). */
async function saveGame() {
  if (!gameOver()) return;
  const humanAi = mode() === "human-ai";
  const request = {
    moves: state.moves,
    plies: Array.from({ length: state.moves.length }, (_, ply) => state.plies[ply] || null),
    a: humanAi ? humanSide() : "red",
    names: humanAi ? ["you", "computer"] : ["red", "yellow"],
  };
  let record;
  try {
    record = await api("/api/record", request);
  } catch (error) {
    say(`Not saved: ${error.message}`);
    return;
  }
  const name = `c4-game-${new Date().toISOString().slice(0, 19).replace(/[:T]/g, "-")}.jsonl`;
  const url = URL.createObjectURL(new Blob([`${JSON.stringify(record)}\n`], { type: "application/jsonl" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
  say(`Saved as ${name}: c4 review ${name} judges it; c4 verify and c4 report read it too.`);
}

// ---------------------------------------------------------------- start

/** Seeds for a new game's computers: a different game each time, replayable from the record. */
function newSeeds() {
  const [red, yellow] = crypto.getRandomValues(new Uint32Array(2));
  return { red, yellow };
}

function newGame() {
  state.moves = "";
  state.redo = [];
  state.plies = [];
  state.seeds = newSeeds();
  $("banner").hidden = true;
  refresh(null);
}

// The position a link names: `#MOVES`, or `?pos=MOVES` when there is no hash.
function linkedMoves() {
  if (location.hash.length > 1) return decodeURIComponent(location.hash.slice(1));
  return new URLSearchParams(location.search).get("pos") || "";
}

async function loadHash() {
  const moves = linkedMoves();
  if (moves === state.moves) return;
  state.moves = moves;
  state.redo = [];
  state.plies = [];
  state.seeds = newSeeds();
  await refresh(null);
  if (document.body.dataset.turn === "error") {
    const reason = $("status").textContent.replace(/^Cannot load the position: /, "");
    state.moves = "";
    await refresh(null);
    say(`The link's position ${JSON.stringify(moves)} is not valid (${reason}); this is a new game.`);
  }
}

async function copyLink() {
  const url = location.href;
  try {
    await navigator.clipboard.writeText(url);
    say(`Link copied: ${url}`);
  } catch {
    say(`Link: ${url}`);
  }
}

function onKey(event) {
  const target = event.target;
  if (target.closest && target.closest("select, input, textarea")) return;
  if (event.ctrlKey || event.metaKey) {
    if (event.key === "z") { event.preventDefault(); undo(); }
    if (event.key === "y") { event.preventDefault(); redo(); }
    return;
  }
  if (event.altKey) return;
  if (/^[1-7]$/.test(event.key)) {
    event.preventDefault();
    humanPlay(Number(event.key));
  } else if (event.key === "u") {
    undo();
  } else if (event.key === "r") {
    redo();
  } else if (event.key === "h") {
    hint();
  } else if (event.key === "n") {
    newGame();
  }
}

async function start() {
  buildBoard();
  try {
    state.registry = await api("/api/players");
  } catch (error) {
    setTurn("error", `Cannot reach the server: ${error.message}`);
    return;
  }
  buildPlayerMenu("red");
  buildPlayerMenu("yellow");
  $("analysis").hidden = true;
  $("new-game").addEventListener("click", newGame);
  $("banner-new").addEventListener("click", newGame);
  $("undo").addEventListener("click", undo);
  $("redo").addEventListener("click", redo);
  $("hint").addEventListener("click", hint);
  $("share").addEventListener("click", copyLink);
  $("review").addEventListener("click", reviewGame);
  $("banner-review").addEventListener("click", reviewGame);
  $("save").addEventListener("click", saveGame);
  $("banner-save").addEventListener("click", saveGame);
  $("analysis-toggle").addEventListener("change", (event) => {
    if (event.target.checked && inProgress()) {
      analyse(state.generation);
    } else {
      $("analysis").hidden = true;
    }
  });
  $("speed").addEventListener("input", () => {
    $("speed-value").textContent = `${$("speed").value} ms`;
  });
  $("pause").addEventListener("click", () => {
    state.paused = !state.paused;
    updateControls();
    if (!state.paused) refresh(null);
  });
  // Who plays changes from the next move on; a computer now to move starts at once.
  $("setup").addEventListener("change", (event) => {
    if (event.target.id === "speed") return;
    updateSetupVisibility();
    if (inProgress()) refresh(null);
  });
  $("setup").addEventListener("submit", (event) => event.preventDefault());
  document.addEventListener("keydown", onKey);
  window.addEventListener("hashchange", loadHash);
  state.moves = null; // forces loadHash to load even the empty board
  loadHash();
}

start();
