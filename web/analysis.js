// c4's page: the analysis row under the board: every column's value for the side to move,
// from /api/analyze, in the words of the README's "Reading scores", the best column marked.
import { $, state } from "./state.js";
import { sized, sizeText } from "./size.js";
import { say } from "./status.js";
import { api } from "./engine.js";
import { sideName } from "./players.js";
import { showLastComputerMove } from "./last-move.js";

export async function analyse(generation) {
  const box = $("analysis");
  box.hidden = false;
  // Another board's chips are not this one's, even dimmed: gone until its own analysis.
  if (box.dataset.size !== sizeText(state.size)) box.replaceChildren();
  for (const cell of box.children) cell.classList.add("pending");
  try {
    const answer = await api("/api/analyze", sized({ moves: state.moves }));
    if (generation !== state.generation) return;
    // Kept for the hint, which never contradicts what the analysis proves (hint.js).
    state.analysis = answer;
    renderAnalysis(answer);
    // The last move's score follows what the analysis proves.
    showLastComputerMove();
  } catch (error) {
    if (generation === state.generation) say(`No analysis: ${error.message}`);
  }
}

export function renderAnalysis(answer) {
  const box = $("analysis");
  box.replaceChildren();
  for (const column of answer.columns) {
    const cell = document.createElement("div");
    cell.className = `score ${column.kind === "full" ? "full" : column.outcome}`;
    // For whom the value is, and an estimate said to be one, as the README reads scores.
    const estimate = column.kind === "heuristic" ? ", an estimate" : "";
    cell.title = `For ${sideName(answer.to_move)}: ${column.text}${estimate}`;
    cell.setAttribute("role", "note");
    cell.setAttribute("aria-label", `Column ${column.column}: ${column.text}`);
    let main;
    let detail;
    if (column.kind === "full") {
      main = "–";
      detail = "full";
    } else if (column.kind === "exact") {
      main = column.outcome;
      const left = column.winner_discs_left;
      detail = left ? `in ${left}` : "exact";
      // Quick wins and quick losses in stronger colour.
      cell.style.setProperty("--strength", String(Math.min(1, Math.abs(column.score) / 12)));
    } else {
      // A heuristic value never looks like a result: "≈" and its depth.
      main = column.outcome === "unknown" ? `≈${column.value > 0 ? "+" : ""}${column.value}` : column.outcome;
      detail = column.outcome === "unknown" ? `depth ${column.depth}` : "search";
    }
    cell.append(main);
    const small = document.createElement("small");
    small.textContent = detail;
    cell.append(small);
    box.append(cell);
  }
  for (const number of bestColumns(answer.columns)) {
    const cell = box.children[number - 1];
    cell.classList.add("best");
    cell.setAttribute("aria-label", `${cell.getAttribute("aria-label")} (best)`);
  }
  box.dataset.exact = String(answer.exact);
  box.dataset.size = sizeText(state.size);
}

/**
 * The columns (numbered from 1) worth most to the side to move: a win beats a draw or an
 * estimate, which beat a loss; among exact values the higher score (a quicker win, a slower
 * loss), among estimates the higher value. When every column loses, the best is the one
 * holding out longest.
 */
export function bestColumns(columns) {
  const rank = { win: 2, draw: 1, unknown: 1, loss: 0 };
  const key = (column) => [rank[column.outcome], column.kind === "exact" ? column.score : column.value];
  const playable = columns.filter((column) => column.kind !== "full");
  if (playable.length === 0) return [];
  const keys = playable.map(key);
  const top = keys.reduce((best, k) => (k[0] > best[0] || (k[0] === best[0] && k[1] > best[1]) ? k : best));
  return playable.filter((_, i) => keys[i][0] === top[0] && keys[i][1] === top[1]).map((column) => column.column);
}
