// c4's page: the turns. The engine is the authority on rules: after every change the page
// asks /api/position for the board, the status, the winning cells and the legal columns, then
// decides whose turn it is; a computer's move comes from /api/best. Each move remembers who
// chose it (`state.plies`), so a finished game can be saved as a game record; a computer plays
// a whole game with one seed, so each of its moves is `c4 best --ai SPEC` on the position
// before it. Every change bumps `state.generation` and stops the searches under way, so
// answers that arrive after an undo or a new game are dropped instead of being played. The
// person's own actions (a move, undo, redo, a jump, a new game) end a notice on the status
// line, which stays through the computer's moves so that it is read. A game is played on
// one size: a new game starts on the size picked.
import { $, sleep, state } from "./state.js";
import { howToPlay, linkOf, moveChar, sized, sizeText } from "./size.js";
import { controllerOf, describeSide, mode, sideName, sideToMove, updateSetupVisibility } from "./players.js";
import { clearPreview, gameOver, humansTurn, render, updatePlayable, useSize } from "./board.js";
import { renderMoves, wholeLine } from "./panels.js";
import { showLastComputerMove } from "./last-move.js";
import { analyse } from "./analysis.js";
import { followPosition } from "./explain.js";
import { chosenHere, savable } from "./save.js";
import { clearNotice, say, setTurn } from "./status.js";
import { STATIC, api, stopSearches } from "./engine.js";

export function humanPlay(number) {
  if (gameOver()) {
    say("The game is over: Undo steps back, New game starts again.");
    return;
  }
  if (!humansTurn()) return;
  if (!state.summary.legal_columns.includes(number)) {
    say(`Column ${number} is full.`);
    return;
  }
  clearNotice();
  const timeMs = Math.round(performance.now() - state.turnStarted);
  play(number, { by: "human", column: number, time_ms: timeMs });
}

export function play(number, chooser) {
  state.moves += moveChar(number);
  state.plies.length = state.moves.length - 1;
  state.plies.push(chooser);
  state.redo = [];
  refresh(number);
}

/**
 * Fetches the position, draws it and starts whatever comes next. Answers why the position
 * could not be loaded (the engine's error, also on the status line), or null.
 */
export async function refresh(animatedColumn) {
  const generation = ++state.generation;
  stopSearches();
  say("");
  let summary;
  try {
    const query = new URLSearchParams({ moves: state.moves, size: sizeText(state.size) });
    summary = await api(`/api/position?${query}`);
  } catch (error) {
    if (generation !== state.generation) return null;
    setTurn("error", `Cannot load the position: ${error.message}`);
    return error.message;
  }
  if (generation !== state.generation) return null;
  state.summary = summary;
  // The moves as the engine writes them (a link may spell 7x6's moves in letters).
  state.moves = summary.moves;
  const link = linkOf(state.moves);
  history.replaceState(null, "", link ? `#${link}` : location.pathname + location.search);
  clearPreview();
  render(animatedColumn);
  renderMoves();
  showLastComputerMove();
  updateSetupVisibility();
  updateControls();
  followPosition(generation);
  if (summary.status !== "in_progress") {
    finish(summary);
    return null;
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
    return null;
  }
  if (controller === "human") {
    const who = describeSide(summary.to_move);
    setTurn("human", `${who === "You" ? "Your move" : `${who} to move`}: ${howToPlay()}.`, summary.to_move);
    state.turnStarted = performance.now();
    updatePlayable();
  } else {
    computerMove(generation, controller, summary.to_move);
  }
  return null;
}

export async function computerMove(generation, spec, side) {
  setTurn("ai", `${describeSide(side)} is thinking…`, side);
  const pause = mode() === "ai-ai" ? Number($("speed").value) : 350;
  await sleep(pause);
  if (generation !== state.generation) return;
  if (state.paused && mode() === "ai-ai") {
    setTurn("paused", "Paused: press Resume to go on.", side);
    return;
  }
  try {
    const answer = await api("/api/best", sized({ moves: state.moves, ai: spec, seed: state.seeds[side] }));
    if (generation !== state.generation) return;
    // A level is shown by its name; a spec of the player's own, as the engine ran it.
    const level = state.registry.levels.some((l) => l.name === spec) ? spec : null;
    play(answer.column, { by: "computer", ai: answer.ai, seed: answer.seed, stats: answer, level });
  } catch (error) {
    if (generation !== state.generation) return;
    setTurn("error", `${describeSide(side)} could not move: ${error.message}`, side);
  }
}

/**
 * Says how the game ended. A finished game opened from a link (no move of it chosen here) is
 * told as such, whoever plays which side now: no move is taken, and Undo, Review and New
 * game remain.
 */
export function finish(summary) {
  let text;
  if (!chosenHere()) {
    text = summary.status === "draw"
      ? "Draw: the board is full; the game is over."
      : `${sideName(summary.winner)} has won: the game is over.`;
  } else if (summary.status === "draw") {
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

// ---------------------------------------------------------------- undo, redo (the hint: hint.js)

/** Moves to undo so that a human is to move again (in human vs computer), at least one. */
export function undoCount(moves) {
  if (mode() !== "human-ai") return 1;
  let n = 1;
  while (n < moves.length && controllerOf(sideToMove(moves.slice(0, moves.length - n))) !== "human") {
    n += 1;
  }
  return n;
}

export function undo() {
  if (!state.moves) return;
  clearNotice();
  const n = undoCount(state.moves);
  const undone = state.moves.slice(-n);
  state.moves = state.moves.slice(0, -n);
  state.redo.push(...[...undone].reverse());
  refreshAfterHistory();
}

export function redo() {
  if (!state.redo.length) return;
  clearNotice();
  do {
    state.moves += state.redo.pop();
  } while (state.redo.length && mode() === "human-ai" && controllerOf(sideToMove(state.moves)) !== "human");
  refreshAfterHistory();
}

/** Shows the position after `ply` moves of the whole line (0: the start). */
export function jumpTo(ply) {
  const line = wholeLine();
  clearNotice();
  state.moves = line.slice(0, ply);
  state.redo = [...line.slice(ply)].reverse();
  refreshAfterHistory();
}

function refreshAfterHistory() {
  $("banner").hidden = true;
  refresh(null);
}

export function updateControls() {
  $("undo").disabled = state.moves.length === 0;
  $("redo").disabled = state.redo.length === 0;
  $("review").disabled = state.moves.length === 0;
  const canSave = savable();
  $("save").disabled = !canSave;
  $("save").title = "Download the finished game as a game record (for c4 review, c4 verify, c4 report)";
  $("banner-save").hidden = STATIC || !canSave;
  $("hint").disabled = !humansTurn();
  $("pause").textContent = state.paused ? "Resume" : "Pause";
}

/** Seeds for a new game's computers: a different game each time, replayable from the record. */
export function newSeeds() {
  const [red, yellow] = crypto.getRandomValues(new Uint32Array(2));
  return { red, yellow };
}

/** Starts a line at `moves` (a link's position, or "" for a new game) on a board of `size`:
 * nothing to redo, no move chosen here, no review, analysis or hint of another line kept, the
 * computers' seeds new. */
export function startLine(moves, size = state.size) {
  useSize(size);
  state.moves = moves;
  state.redo = [];
  state.plies = [];
  state.review = null;
  state.analysis = null;
  state.hint = null;
  state.seeds = newSeeds();
}

/** A new game on a board of `size` (by default the board's own). */
export function newGame(size = state.size) {
  clearNotice();
  startLine("", size);
  $("banner").hidden = true;
  refresh(null);
}
