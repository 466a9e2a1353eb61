// c4's page: saving a finished game as a game record through /api/record (served by
// c4 serve only: records are written by c4-arena, which the static site does not carry). A
// game is saved when someone here chose at least one of its moves: a finished game opened
// from a link is the link's, with no player to record. A record keeps its board, on every
// size.
import { state } from "./state.js";
import { sized } from "./size.js";
import { humanSide, mode } from "./players.js";
import { gameOver } from "./board.js";
import { say } from "./status.js";
import { api } from "./engine.js";

/** Whether a move on the board was chosen on this page (not loaded from a link). */
export const chosenHere = () => state.plies.slice(0, state.moves.length).some(Boolean);

/** Whether the game can be saved: finished, and a move of it chosen here. */
export const savable = () => gameOver() && chosenHere();

/** A ply's chooser as /api/record reads it: only the fields it knows. */
function recordedPly(chooser) {
  if (!chooser) return null;
  if (chooser.by === "human") return { by: "human", column: chooser.column, time_ms: chooser.time_ms };
  return { by: "computer", ai: chooser.ai, seed: chooser.seed, stats: chooser.stats };
}

/** Downloads the finished game as a game record, one JSON line (the games-file format). */
export async function saveGame() {
  if (!savable()) return;
  const humanAi = mode() === "human-ai";
  const request = sized({
    moves: state.moves,
    plies: Array.from({ length: state.moves.length }, (_, ply) => recordedPly(state.plies[ply])),
    a: humanAi ? humanSide() : "red",
    names: humanAi ? ["you", "computer"] : ["red", "yellow"],
  });
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
