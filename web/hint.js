// c4's page: the hint. The engine plays its one hint player (/api/hint, the `hint` of
// /api/players) and the page words the answer: perfect play, or plainly an estimate with its
// depth. The hint shown is the page's one answer for the position (answer.js): where the
// analysis on screen is deeper or proves more, its best column is the hint, said to be so.
import { state } from "./state.js";
import { sized } from "./size.js";
import { cellAt, columnButton, discsIn, humansTurn } from "./board.js";
import { say } from "./status.js";
import { Stopped, api } from "./engine.js";
import { analysisHere, answerChanged, followAnswers, hintHere, oneAnswer } from "./answer.js";

export async function hint() {
  if (!humansTurn()) return;
  const generation = state.generation;
  say("Thinking about a hint…");
  try {
    const answer = await api("/api/hint", sized({ moves: state.moves }));
    if (generation !== state.generation) return;
    state.hint = { moves: state.moves, answer };
    answerChanged();
  } catch (error) {
    if (error instanceof Stopped || generation !== state.generation) return;
    say(`No hint: ${error.message}`);
  }
}

// An analysis arriving after the hint may change it: it is drawn again.
followAnswers(showHint);

/** Rings the hinted column and words the hint, when one was asked for this position. */
function showHint() {
  const answer = hintHere();
  if (!answer || !humansTurn()) return;
  const one = oneAnswer();
  const column = one.columns.includes(answer.column) ? answer.column : one.columns[0];
  for (const button of document.querySelectorAll(".hinted")) button.classList.remove("hinted");
  for (const cell of document.querySelectorAll(".landing")) cell.classList.remove("landing");
  columnButton(column).classList.add("hinted");
  // The ring is where the disc would land.
  cellAt(column, discsIn(column) + 1)?.classList.add("landing");
  const chip = analysisHere()?.columns.find((c) => c.column === column);
  const provedHere = chip && chip.kind === "exact" && !answer.exact;
  if (column === answer.column && !provedHere) {
    say(`Hint: column ${column}: ${answer.text}.`);
    return;
  }
  const why = provedHere || one.proven
    ? "proved by the analysis shown"
    : `the analysis shown, depth ${one.depth}, looked deeper than the hint's search (depth ${answer.depth})`;
  const other = column === answer.column ? "" : ` (the search's estimate was column ${answer.column})`;
  say(`Hint: column ${column}: ${chip.text}, ${why}${other}.`);
}
