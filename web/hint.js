// c4's page: the hint. The engine plays its one hint player (/api/hint, the `hint` of
// /api/players) and the page words the answer: perfect play, or plainly an estimate with its
// depth. The hint never contradicts the analysis on screen.
import { $, state } from "./state.js";
import { sized } from "./size.js";
import { cellAt, columnButton, discsIn, humansTurn } from "./board.js";
import { say } from "./status.js";
import { Stopped, api } from "./engine.js";
import { bestColumns } from "./analysis.js";

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
    // The ring is where the disc would land.
    cellAt(column, discsIn(column) + 1)?.classList.add("landing");
    say(proven
      ? `Hint: column ${proven.column}: ${proven.text}, proved by the analysis shown (the search's estimate was column ${answer.column}).`
      : `Hint: column ${answer.column}: ${answer.text}${againstTheAnalysis(answer)}.`);
  } catch (error) {
    if (error instanceof Stopped || generation !== state.generation) return;
    say(`No hint: ${error.message}`);
  }
}

/**
 * Where the hint's estimate and the analysis shown differ on the best column, which is the
 * deeper look (both estimates, so one is said to be one); nothing when they agree.
 */
function againstTheAnalysis(answer) {
  const analysis = state.analysis;
  if (answer.exact || !analysis || analysis.moves !== state.moves || $("analysis").hidden) return "";
  const best = bestColumns(analysis.columns);
  if (!best.length || best.includes(answer.column)) return "";
  const depths = analysis.columns.filter((c) => c.kind === "heuristic").map((c) => c.depth);
  const depth = depths.length ? Math.min(...depths) : 0;
  const which = answer.depth > depth ? "deeper than" : "not as deep as";
  return ` (an estimate for you, ${which} the analysis shown, depth ${depth}, which marks column ${best.join(" or ")} best)`;
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
