// c4's page: the side panel's move list (each move a button to jump to it, the review's
// marks, the computer's statistics) and the review itself (/api/review). A click on a move
// is the caller's to handle: each button carries its ply count in `data-ply`.
import { $, state } from "./state.js";
import { columnOf, sized } from "./size.js";
import { sideName } from "./players.js";
import { say } from "./status.js";
import { formatMs, formatNodes } from "./last-move.js";
import { api } from "./engine.js";

/** The whole line: the moves played and those undone that Redo would replay. */
export const wholeLine = () => state.moves + [...state.redo].reverse().join("");

/** Marks of a review, by quality. */
export const REVIEW_MARKS = { optimal: "✓", inaccurate: "?!", mistake: "??" };

/** Judges every move on the board with the solver and marks the move list (moves undone and
 * kept for redo are not the game's: they are left out). */
export async function reviewGame() {
  const moves = state.moves;
  if (!moves) return;
  say("Reviewing the game with the solver…");
  try {
    state.review = await api("/api/review", sized({ moves }));
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
  const unjudged = state.review.unjudged ? ` (${state.review.unjudged.text})` : "";
  const marks = state.review.reviewed.length ? " Hover or tap a mark for the best move." : "";
  say(`Review: ${tally("red")}; ${tally("yellow")}${unjudged}.${marks}`);
}

export function renderMoves() {
  const list = $("move-list");
  list.replaceChildren();
  const line = wholeLine();
  const judged = new Map();
  if (state.review && line.startsWith(state.review.moves)) {
    for (const m of state.review.reviewed) judged.set(m.ply, m);
  }
  [...line].forEach((move, ply) => {
    const column = columnOf(move);
    const item = document.createElement("li");
    const button = document.createElement("button");
    button.type = "button";
    button.className = "move";
    button.textContent = `${ply % 2 === 0 ? "Red" : "Yellow"} ${column}`;
    button.title = `Show the position after move ${ply + 1}`;
    button.dataset.ply = String(ply + 1);
    item.append(button);
    const verdict = judged.get(ply);
    if (verdict) {
      const mark = document.createElement("span");
      mark.className = `mark ${verdict.quality}`;
      mark.textContent = ` ${REVIEW_MARKS[verdict.quality]}`;
      const best = verdict.quality === "optimal"
        ? ""
        : `; best ${verdict.best_columns.join(" or ")}${verdict.all_best ? "" : ", maybe more"} (${verdict.best_text})`;
      mark.title = `${verdict.quality}: ${verdict.text}${best}`;
      mark.setAttribute("aria-label", mark.title);
      // A touch screen has no hover: a tap says the mark's words in the status line.
      mark.addEventListener("click", () => say(`Move ${ply + 1}: ${mark.title}`));
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
