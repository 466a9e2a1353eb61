// c4's page: the "Last computer move" box: the statistics of the move a computer just chose
// (its spec, column, score, depth, nodes and time), and the ways they are written.
import { $ } from "./state.js";
import { STATIC } from "./engine.js";

export function showStats(answer) {
  $("stat-ai").textContent = answer.ai;
  $("stat-column").textContent = String(answer.column);
  $("stat-score").textContent = answer.score_text;
  $("stat-depth").textContent = String(answer.depth);
  $("stat-nodes").textContent = formatNodes(answer.nodes);
  $("stat-time").textContent = formatMs(answer.time_ms);
  const notes = [answer.note, ...(answer.clamped || []).map((c) => `${STATIC ? "browser" : "server"} limit: ${c}`)].filter(Boolean);
  $("stat-note").textContent = notes.join("; ");
}

export function formatNodes(n) {
  if (n >= 1e6) return `${(n / 1e6).toFixed(1)} M`;
  if (n >= 1e3) return `${(n / 1e3).toFixed(1)} k`;
  return String(n);
}

export const formatMs = (ms) => (ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${ms.toFixed(1)} ms`);
