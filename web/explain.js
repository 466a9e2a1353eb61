// c4's page: the "Why?" panel. For the position on the board it asks /api/explain (Allis'
// strategic rules, c4-api's `explain`) and shows the answer's words, a line a sentence, and
// the proof's rule applications as a numbered list; the board's empty squares each
// application uses carry its number, and its rule's colour and pattern (an outline style and
// a hatching per rule, so the marks read without colour), the odd threat and the first move
// marked apart. Pointing at an application, focusing it or tapping it picks out its squares.
// The panel follows the position: a new one clears the marks and the list at once, and only
// the answer for the position now on the board is shown (`state.generation`).
import { $, state } from "./state.js";
import { sized } from "./size.js";
import { api } from "./engine.js";
import { cellAt } from "./board.js";

/** A square's name ("c3") as the column and row numbers, both from 1. */
function squareAt(name) {
  return { column: name.charCodeAt(0) - 96, row: Number(name.slice(1)) };
}

const shown = () => $("explain-toggle").checked;

// Requests asked so far: only the latest one's answer is shown, so two asked for one
// position (the toggle, then the position's refresh) never mark the board twice.
let asked = 0;

/** Wires the toggle: on, the panel explains the position on the board; off, it and its marks
 * go. */
export function setUpExplain() {
  $("explain-toggle").addEventListener("change", () => {
    if (shown()) {
      followPosition(state.generation);
    } else {
      clearExplain();
      $("explain").hidden = true;
    }
  });
  $("explain-rules").addEventListener("click", (event) => {
    const item = event.target.closest("button[data-app]");
    if (!item) return;
    // A tap or a click keeps the application picked out until the next one, or the same again.
    const picked = item.getAttribute("aria-pressed") === "true";
    for (const button of $("explain-rules").querySelectorAll("button[data-app]")) {
      button.setAttribute("aria-pressed", "false");
    }
    if (!picked) item.setAttribute("aria-pressed", "true");
    highlight(picked ? null : item.dataset.app);
  });
  const pointAt = (event) => {
    const item = event.target.closest("button[data-app]");
    if (item) highlight(item.dataset.app);
  };
  const pointAway = () => {
    const picked = $("explain-rules").querySelector("button[aria-pressed='true']");
    highlight(picked ? picked.dataset.app : null);
  };
  $("explain-rules").addEventListener("mouseover", pointAt);
  $("explain-rules").addEventListener("focusin", pointAt);
  $("explain-rules").addEventListener("mouseout", pointAway);
  $("explain-rules").addEventListener("focusout", pointAway);
}

/** The marks and the list of the last answer removed, the words kept but shown as pending. */
export function clearExplain() {
  for (const mark of $("board").querySelectorAll(".why-mark, .why-threat, .why-first")) mark.remove();
  $("board").classList.remove("why-focus");
  $("explain-rules").replaceChildren();
  const panel = $("explain");
  delete panel.dataset.moves;
  panel.dataset.state = "pending";
}

/** Explains the position on the board, unless the panel is off; an answer that comes after
 * the position changed (`generation` is no longer the page's) is dropped. */
export async function followPosition(generation) {
  clearExplain();
  if (!shown()) return;
  $("explain").hidden = false;
  const moves = state.moves;
  const request = ++asked;
  let answer;
  try {
    answer = await api("/api/explain", sized({ moves }));
  } catch (error) {
    if (generation !== state.generation || request !== asked) return;
    showLines([`No explanation: ${error.message}`]);
    $("explain").dataset.state = "error";
    return;
  }
  if (generation !== state.generation || request !== asked || !shown()) return;
  clearExplain();
  showLines(answer.text);
  showProof(answer.proof);
  const panel = $("explain");
  panel.dataset.moves = answer.moves;
  panel.dataset.size = answer.size;
  panel.dataset.state = "shown";
}

function showLines(lines) {
  $("explain-text").replaceChildren(...lines.map((line) => {
    const p = document.createElement("p");
    p.textContent = line;
    return p;
  }));
}

/** The proof's applications listed and marked on the board, its odd threat and first move
 * marked apart. */
function showProof(proof) {
  const list = $("explain-rules");
  if (!proof) return;
  // Square name -> the numbers of the applications using it, in order.
  const uses = new Map();
  proof.rules.forEach((use, i) => {
    const number = i + 1;
    for (const square of use.squares) {
      if (!uses.has(square)) uses.set(square, []);
      uses.get(square).push({ number, rule: use.rule });
    }
    const item = document.createElement("li");
    const button = document.createElement("button");
    button.type = "button";
    button.dataset.app = String(number);
    button.setAttribute("aria-pressed", "false");
    button.title = `${use.rule} on ${use.squares.join(" ")}`;
    const swatch = document.createElement("span");
    swatch.className = `why-swatch rule-${use.rule}`;
    swatch.setAttribute("aria-hidden", "true");
    swatch.textContent = String(number);
    button.append(swatch, ` ${use.rule} `);
    const squares = document.createElement("small");
    squares.textContent = use.squares.join(" ");
    button.append(squares);
    item.append(button);
    list.append(item);
  });
  for (const [square, users] of uses) {
    const mark = markAt(square, `why-mark rule-${users[0].rule}`);
    if (!mark) continue;
    mark.dataset.apps = users.map((u) => u.number).join(" ");
    mark.dataset.count = String(Math.min(users.length, 3));
    // Up to two numbers fit a hole; past two, the first and how many more (all in its title).
    const numbers = users.map((u) => u.number);
    mark.textContent = numbers.length > 2 ? `${numbers[0]}+${numbers.length - 1}` : numbers.join(",");
    mark.title = users.map((u) => `${u.number}. ${u.rule}`).join("; ");
  }
  if (proof.odd_threat) {
    const mark = markAt(proof.odd_threat, "why-threat");
    if (mark) {
      mark.textContent = "!";
      mark.title = `the odd threat ${proof.odd_threat}`;
    }
    const item = document.createElement("li");
    item.className = "why-threat-item";
    const swatch = document.createElement("span");
    swatch.className = "why-swatch why-threat-swatch";
    swatch.setAttribute("aria-hidden", "true");
    swatch.textContent = "!";
    item.append(swatch, ` odd threat ${proof.odd_threat}`);
    list.prepend(item);
  }
  if (proof.first_move) {
    const column = proof.first_move;
    const filled = state.summary.board.filter((line) => line[column - 1] !== ".").length;
    const cell = filled < state.size.height ? cellAt(column, filled + 1) : null;
    if (cell) {
      const mark = document.createElement("span");
      mark.className = "why-first";
      mark.textContent = "▼";
      mark.title = `first: column ${column}`;
      cell.append(mark);
    }
  }
}

/** A mark of class `className` in the empty square `name`, or null where there is none. */
function markAt(name, className) {
  const { column, row } = squareAt(name);
  if (column < 1 || column > state.size.width || row < 1 || row > state.size.height) return null;
  const cell = cellAt(column, row);
  if (!cell || cell.querySelector(".disc:not(.preview)")) return null;
  const mark = document.createElement("span");
  mark.className = className;
  mark.dataset.square = name;
  cell.append(mark);
  return mark;
}

/** Picks out the squares of application `number` (a string), or none. */
function highlight(number) {
  const board = $("board");
  board.classList.toggle("why-focus", number !== null);
  for (const mark of board.querySelectorAll(".why-mark")) {
    mark.classList.toggle("why-active", number !== null && mark.dataset.apps.split(" ").includes(number));
  }
}
