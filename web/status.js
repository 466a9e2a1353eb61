// c4's page: its two lines of words. The status line at the top says whose turn it is (and
// `body[data-turn]` the same for styles and tests); the line under the board answers hints,
// reviews, saves and the engine's own troubles.
import { $ } from "./state.js";

/** Shows whose turn it is: `turn` is human, ai, paused, over, error or loading. */
export function setTurn(turn, text, side) {
  document.body.dataset.turn = turn;
  const status = $("status");
  status.replaceChildren();
  if (side) {
    const dot = document.createElement("span");
    dot.className = `disc-dot ${side}`;
    dot.setAttribute("aria-hidden", "true");
    status.append(dot);
  }
  status.append(text);
}

/** Answers on the line under the board. */
export function say(text) {
  $("hint-text").textContent = text;
}
