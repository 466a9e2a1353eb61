// c4's page: its two lines of words. The status line at the top says whose turn it is (and
// `body[data-turn]` the same for styles and tests), led by a notice of what went wrong, such
// as a link naming no valid position, until the person acts; the line under the board answers
// hints, reviews, saves and the engine's own troubles.
import { $, state } from "./state.js";

/** Shows whose turn it is: `turn` is human, ai, paused, over, error or loading. */
export function setTurn(turn, text, side) {
  document.body.dataset.turn = turn;
  const status = $("status");
  status.replaceChildren();
  if (state.notice) {
    const notice = document.createElement("span");
    notice.className = "notice";
    notice.textContent = state.notice;
    status.append(notice, " ");
  }
  if (side) {
    const dot = document.createElement("span");
    dot.className = `disc-dot ${side}`;
    dot.setAttribute("aria-hidden", "true");
    status.append(dot);
  }
  status.append(text);
}

/** Leads the status line with `text` (from its next update on) until `clearNotice`. */
export function setNotice(text) {
  state.notice = text;
}

export function clearNotice() {
  state.notice = "";
}

/** Answers on the line under the board. */
export function say(text) {
  $("hint-text").textContent = text;
}
