// c4's page: one answer per position. The analysis row's BEST, the hint and the last computer
// move's score all read the deepest answer the page holds for the position on the board: an
// exact one over an estimate, a deeper estimate over a shallower one, the analysis where they
// are as deep (it values every column), and a column the analysis proves better than the
// hint's estimate over that estimate. So BEST and the hint never name different columns, and
// no estimate stands where the exact value is known. A new answer tells every part showing
// one (`followAnswers`), which draws itself again from `oneAnswer`.
import { $, state } from "./state.js";

const followers = [];

/** Calls `draw` whenever the page learns an answer for the position on the board. */
export function followAnswers(draw) {
  followers.push(draw);
}

/** The page learnt an answer (an analysis, a hint): every part showing one draws again. */
export function answerChanged() {
  for (const draw of followers) draw();
}

/** The analysis shown of the position on the board, or null. */
export function analysisHere() {
  const analysis = state.analysis;
  return analysis && analysis.moves === state.moves && !$("analysis").hidden ? analysis : null;
}

/** The /api/hint answer asked for the position on the board, or null. */
export function hintHere() {
  const hint = state.hint;
  return hint && hint.moves === state.moves ? hint.answer : null;
}

/** Results ranked: a win beats a draw beats a loss; an unproven column is not ranked. */
export const OUTCOME_RANK = { win: 0, draw: 1, loss: 2 };

/**
 * The answer the page gives for the position on the board, from the analysis shown and the
 * hint asked: `{from: "analysis" | "hint", columns, depth}` (the best columns, numbered from
 * 1; the depth Infinity where exact), with `proven` where the analysis proves its column
 * better than the hint's estimate; null when there is neither.
 */
export function oneAnswer() {
  const analysis = analysisHere();
  const hint = hintHere();
  const byAnalysis = analysis && {
    from: "analysis",
    columns: bestColumns(analysis.columns),
    depth: analysisDepth(analysis),
  };
  if (!hint) return byAnalysis;
  const byHint = { from: "hint", columns: [hint.column], depth: hint.exact ? Infinity : hint.depth };
  if (!byAnalysis) return byHint;
  const proven = betterProvenColumn(hint, analysis);
  if (proven) return { ...byAnalysis, columns: [proven.column], proven: true };
  return byHint.depth > byAnalysis.depth ? byHint : byAnalysis;
}

/** How deep an analysis looked: Infinity where every column is exact, else its shallowest. */
function analysisDepth(analysis) {
  if (analysis.exact) return Infinity;
  const depths = analysis.columns.filter((c) => c.kind === "heuristic").map((c) => c.depth);
  return depths.length ? Math.min(...depths) : Infinity;
}

/**
 * The exact value of the position on the board for its side to move, `{score, text}`, where
 * the analysis shown values every column exactly or the hint is exact; otherwise null.
 */
export function exactValue() {
  const analysis = analysisHere();
  if (analysis && analysis.exact) {
    const exact = analysis.columns.filter((column) => column.kind === "exact");
    if (exact.length) {
      const best = exact.reduce((a, b) => (b.score > a.score ? b : a));
      return { score: best.score, text: best.text };
    }
  }
  const hint = hintHere();
  if (hint && hint.exact) return { score: hint.score, text: describeScore(hint.score, hint.ply) };
  return null;
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

/**
 * The column `analysis` proves better than the hint's, if any: one of its best proven class
 * when it ranks the hint's column in a worse class, or proves a win the hint could not (an
 * exact hint is optimal and never overruled).
 */
function betterProvenColumn(hint, analysis) {
  if (hint.exact) return null;
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
  const hinted = analysis.columns.find((c) => c.column === hint.column);
  const hintedRank = hinted && hinted.outcome in OUTCOME_RANK ? OUTCOME_RANK[hinted.outcome] : null;
  const worse = hintedRank !== null && hintedRank > OUTCOME_RANK[best.outcome];
  const unprovenAgainstWin = hintedRank === null && best.outcome === "win";
  return worse || unprovenAgainstWin ? best : null;
}

/**
 * An exact score in words for the side to move with `played` discs on the board:
 * c4-solver's `ExactScore::describe`, the winner's discs left counted as its
 * `ExactScore::winner_discs_left`.
 */
export function describeScore(score, played) {
  if (score === 0) return "draw";
  return `${score > 0 ? "win" : "loss"} in ${moves(winnerDiscsLeft(score, played))} (${signed(score)})`;
}

/** The discs the winner still plays, as c4-solver's `ExactScore::winner_discs_left`. */
export function winnerDiscsLeft(score, played) {
  const cells = state.size.width * state.size.height;
  const winnerAtEnd = Math.trunc((cells + 2) / 2) - Math.abs(score);
  const winnerNow = score > 0 ? Math.trunc(played / 2) : Math.ceil(played / 2);
  return Math.max(winnerAtEnd - winnerNow, 1);
}

// The engine's convention of a search's forced ends (c4-search's search values): a win `n`
// plies away scores SEARCH_WIN - n; anything within a game's plies of ±SEARCH_WIN is such an
// end.
export const SEARCH_WIN = 1_000_000_000;

/** "win" or "loss" where a search's `value` is a forced end, else null. */
export function forcedEnd(value) {
  const maxPly = state.size.width * state.size.height + 1;
  if (Math.abs(value) <= SEARCH_WIN - maxPly) return null;
  return value > 0 ? "win" : "loss";
}

export const moves = (n) => `${n} move${n === 1 ? "" : "s"}`;
// As Rust's `{:+}`: 0 is "+0".
export const signed = (n) => (n >= 0 ? `+${Math.abs(n)}` : `${n}`);
