// c4's page: the analysis row under the board: every column's value for the side to move,
// from /api/analyze, in the words of the README's "Reading scores", BEST on the column of the
// page's one answer for the position (answer.js): the row's own best, or the hint's column
// where the hint is exact or looked deeper, its chip then showing the hint's figure.
import { $, state } from "./state.js";
import { sized, sizeText } from "./size.js";
import { say } from "./status.js";
import { api } from "./engine.js";
import { sideName } from "./players.js";
import {
  analysisHere,
  answerChanged,
  describeScore,
  exactValue,
  followAnswers,
  forcedEnd,
  hintHere,
  oneAnswer,
  signed,
  winnerDiscsLeft,
} from "./answer.js";

export async function analyse(generation) {
  const box = $("analysis");
  box.hidden = false;
  // Another board's chips are not this one's, even dimmed: gone until its own analysis.
  if (box.dataset.size !== sizeText(state.size)) box.replaceChildren();
  for (const cell of box.children) cell.classList.add("pending");
  try {
    const answer = await api("/api/analyze", sized({ moves: state.moves }));
    if (generation !== state.generation) return;
    state.analysis = answer;
    // The row, the hint and the last move's score are drawn again from it.
    answerChanged();
  } catch (error) {
    if (generation === state.generation) say(`No analysis: ${error.message}`);
  }
}

followAnswers(() => {
  const analysis = analysisHere();
  if (analysis) renderAnalysis(analysis);
});

function renderAnalysis(answer) {
  const box = $("analysis");
  box.replaceChildren();
  const one = oneAnswer();
  const hinted = one.from === "hint" ? hintColumn(hintHere(), answer) : null;
  const value = exactValue();
  for (const analysed of answer.columns) {
    const column = hinted && hinted.column === analysed.column ? hinted : analysed;
    const cell = document.createElement("div");
    cell.className = `score ${column.kind === "full" ? "full" : column.outcome}`;
    // For whom the value is, and an estimate said to be one, as the README reads scores.
    const estimate = column.kind === "heuristic" ? ", an estimate" : "";
    const by = column === hinted ? " by the hint's search, which looked deeper than the row" : "";
    // Where the position is exactly a draw, no estimate reads as more than one.
    const capped = value && value.score === 0 && column.outcome === "unknown";
    const cap = capped ? "; at best a draw (the position's exact value)" : "";
    cell.title = `For ${sideName(answer.to_move)}: ${column.text}${by}${cap}${estimate}`;
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
    } else if (value && value.score < 0) {
      // The position is lost with best play: so is every column, whatever its estimate.
      main = "loss";
      detail = `≤ ${signed(value.score)}`;
      cell.className = "score loss";
      cell.title = `For ${sideName(answer.to_move)}: a loss, at best ${value.text} (the position's exact value)`;
    } else {
      // A heuristic value never looks like a result: "≈" and its depth.
      main = column.outcome === "unknown" ? `≈${column.value > 0 ? "+" : ""}${column.value}` : column.outcome;
      detail = column.outcome === "unknown" ? `depth ${column.depth}` : "search";
      if (capped) detail = "≤ draw";
    }
    cell.append(main);
    const small = document.createElement("small");
    small.textContent = detail;
    cell.append(small);
    box.append(cell);
  }
  for (const number of one.columns) {
    const cell = box.children[number - 1];
    cell.classList.add("best");
    cell.setAttribute("aria-label", `${cell.getAttribute("aria-label")} (best)`);
  }
  box.dataset.exact = String(answer.exact);
  box.dataset.size = sizeText(state.size);
}

/** The hint's answer as a column of the row: exact, or its estimate with its depth. */
function hintColumn(hint, answer) {
  const played = answer.moves.length;
  if (hint.exact) {
    const outcome = hint.score > 0 ? "win" : hint.score < 0 ? "loss" : "draw";
    return {
      column: hint.column,
      kind: "exact",
      score: hint.score,
      outcome,
      winner_discs_left: hint.score === 0 ? null : winnerDiscsLeft(hint.score, played),
      text: describeScore(hint.score, played),
    };
  }
  return {
    column: hint.column,
    kind: "heuristic",
    outcome: forcedEnd(hint.score) ?? "unknown",
    value: hint.score,
    depth: hint.depth,
    text: hint.score_text,
  };
}
