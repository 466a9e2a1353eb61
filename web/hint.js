// c4's page: the hint. The engine plays its one hint player (/api/hint, the `hint` of
// /api/players) and the page words the answer: perfect play, or plainly an estimate with its
// depth. The hint never contradicts the analysis on screen.
import { $, state } from "./state.js";
import { sized } from "./size.js";
import { columnButton, humansTurn } from "./board.js";
import { say } from "./status.js";
import { Stopped, api } from "./engine.js";

export async function hint() {
  if (!humansTurn()) return;
  const generation = state.generation;
  say("Thinking about a hint…");
  try {
    const answer = await api("/api/hint", sized({ moves: state.moves }));
    if (generation !== state.generation) return;
    const proven = betterProvenColumn(answer);
    const column = proven ? proven.column : answer.column;
    columnButton(column).classList.add("hinted");
    say(proven
      ? `Hint: column ${proven.column}: ${proven.text}, proved by the analysis shown (the search's estimate was column ${answer.column}).`
      : `Hint: column ${answer.column}: ${answer.text}.`);
  } catch (error) {
    if (error instanceof Stopped || generation !== state.generation) return;
    say(`No hint: ${error.message}`);
  }
}

/** Results ranked: a win beats a draw beats a loss; an unproven column is not ranked. */
export const OUTCOME_RANK = { win: 0, draw: 1, loss: 2 };

/**
 * The column the analysis on screen proves better than the hint's, if any: one of its best
 * proven class when it ranks the hint's column in a worse class, or proves a win the hint
 * could not (an exact hint is optimal and never overruled).
 */
export function betterProvenColumn(answer) {
  const analysis = state.analysis;
  if (answer.exact || !analysis || analysis.moves !== state.moves || $("analysis").hidden) return null;
  const ranked = analysis.columns.filter((c) => c.outcome in OUTCOME_RANK);
  if (!ranked.length) return null;
  const centre = (state.size.width + 1) / 2;
  const best = ranked.reduce((a, b) => {
    const byClass = OUTCOME_RANK[a.outcome] - OUTCOME_RANK[b.outcome];
    if (byClass !== 0) return byClass < 0 ? a : b;
    const worth = (c) => (c.kind === "exact" ? c.score : c.value);
    if (worth(a) !== worth(b)) return worth(b) > worth(a) ? b : a;
    return Math.abs(b.column - centre) < Math.abs(a.column - centre) ? b : a; // the centre among equals
  });
  const hinted = analysis.columns.find((c) => c.column === answer.column);
  const hintedRank = hinted && hinted.outcome in OUTCOME_RANK ? OUTCOME_RANK[hinted.outcome] : null;
  const worse = hintedRank !== null && hintedRank > OUTCOME_RANK[best.outcome];
  const unprovenAgainstWin = hintedRank === null && best.outcome === "win";
  return worse || unprovenAgainstWin ? best : null;
}
