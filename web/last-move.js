// c4's page: the "Last computer move" box: the last move a computer chose among the moves on
// the board (after an undo, the one before; none, and the box empty, when no computer chose a
// move on the board), its player by level name (the spec that ran in the tooltip), and its
// score for whom it concerns, worded as `c4 play` words it: "for you: loss in 2 moves (-17)"
// against a person, "for Yellow: win in 3 moves (+18)" between computers.
import { $, state } from "./state.js";
import { humanSide, mode, shortSpec, sideName } from "./players.js";
import { STATIC } from "./engine.js";
import { SEARCH_WIN, describeScore, exactValue, followAnswers, forcedEnd, moves, signed } from "./answer.js";

const EMPTY = "–";

/** Shows the last computer move on the board, or empties the box. */
export function showLastComputerMove() {
  let ply = state.moves.length - 1;
  while (ply >= 0 && state.plies[ply]?.by !== "computer") ply -= 1;
  const chooser = ply >= 0 ? state.plies[ply] : null;
  const player = $("stat-ai");
  if (!chooser) {
    for (const id of ["stat-ai", "stat-column", "stat-score", "stat-depth", "stat-nodes", "stat-time"]) {
      $(id).textContent = EMPTY;
    }
    player.removeAttribute("title");
    $("stat-note").textContent = "";
    return;
  }
  const answer = chooser.stats;
  player.textContent = chooser.level ?? shortSpec(answer.ai);
  player.title = `Spec: ${answer.ai}`;
  $("stat-column").textContent = String(answer.column);
  $("stat-score").textContent = scoreFor(answer, ply % 2 === 0 ? "red" : "yellow", ply);
  $("stat-depth").textContent = String(answer.depth);
  $("stat-nodes").textContent = formatNodes(answer.nodes);
  $("stat-time").textContent = formatMs(answer.time_ms);
  const limit = STATIC ? "browser" : "server";
  const notes = [answer.note, ...(answer.clamped || []).map((c) => `${limit} limit: ${c}`)].filter(Boolean);
  $("stat-note").textContent = notes.join("; ");
}

// The box follows what the page learns of the position the move left (answer.js).
followAnswers(showLastComputerMove);

/**
 * The move's score for the person it plays against (the position it leaves them in), or for
 * the computer that chose it when no person plays the other side. Where the page knows the
 * exact value of the position the move left (the analysis shown, or an exact hint), that
 * value is the one shown: no estimate beside a proof.
 */
function scoreFor(answer, mover, ply) {
  const proven = ply === state.moves.length - 1 && !answer.exact ? exactValue() : null;
  if (mode() === "human-ai" && humanSide() !== mover) {
    return `for you: ${proven ? proven.text : replyScoreText(answer)}`;
  }
  const text = proven ? describeScore(-proven.score, ply) : answer.score_text;
  return `for ${sideName(mover)}: ${text}`;
}

const UNSCORED_TEXT = "not scored";

/**
 * An /api/best answer's score in words for the opponent, in the position the move leaves
 * them: `MoveReport::reply_score_text` of c4-engine (the terminal's "for you"), from the
 * answer's numbers: an exact score negated a ply later, a forced end one ply nearer, a
 * heuristic value negated.
 */
export function replyScoreText(answer) {
  if (answer.exact) return describeScore(-answer.score, answer.ply + 1);
  if (answer.score_text === UNSCORED_TEXT) return UNSCORED_TEXT;
  const value = answer.score;
  if (forcedEnd(value)) {
    const plies = value > 0 ? SEARCH_WIN - value : -(SEARCH_WIN + value);
    const reply = plies > 0 ? -(SEARCH_WIN - (plies - 1)) : SEARCH_WIN - Math.max(-plies - 1, 0);
    const left = reply > 0 ? SEARCH_WIN - reply : -(SEARCH_WIN + reply);
    return left > 0
      ? `win in ${moves(Math.trunc((left + 1) / 2))} (search)`
      : `loss in ${moves(Math.trunc(-left / 2))} (search)`;
  }
  return `heuristic ${signed(-value)} (depth ${answer.depth})`;
}


export function formatNodes(n) {
  if (n >= 1e6) return `${(n / 1e6).toFixed(1)} M`;
  if (n >= 1e3) return `${(n / 1e3).toFixed(1)} k`;
  return String(n);
}

export const formatMs = (ms) => (ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${ms.toFixed(1)} ms`);
