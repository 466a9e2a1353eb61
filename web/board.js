// c4's page: the board: its columns as buttons, the discs drawn from /api/position's
// answer, the winning cells, the last move's fall and the preview disc under the pointer.
// The board is drawn at `state.size`, and drawn again when the size changes (useSize).
import { $, sizeOf, state } from "./state.js";
import { columnKeysText, columnOf, sizeText } from "./size.js";
import { controllerOf } from "./players.js";

// What a click on a column does: the page's turns, given by buildBoard's caller.
let choose = () => {};

/**
 * Draws an empty board of `state.size`; a click on a column calls `onChoose(number)` (1 for
 * the leftmost), as do Enter and Space on a focused column.
 */
export function buildBoard(onChoose = choose) {
  choose = onChoose;
  const { width, height } = state.size;
  const root = document.documentElement.style;
  root.setProperty("--columns", String(width));
  root.setProperty("--rows", String(height));
  const board = $("board");
  board.setAttribute(
    "aria-label",
    `Board: ${width} columns, ${height} rows; press ${columnKeysText()} or use the arrow keys and Enter`,
  );
  board.replaceChildren();
  for (let c = 0; c < width; c += 1) {
    const column = document.createElement("button");
    column.type = "button";
    column.className = "column";
    column.dataset.column = String(c + 1);
    for (let r = height - 1; r >= 0; r -= 1) {
      const cell = document.createElement("span");
      cell.className = "cell";
      cell.dataset.row = String(r + 1);
      column.append(cell);
    }
    column.addEventListener("click", () => choose(c + 1));
    column.addEventListener("mouseenter", () => showPreview(c + 1));
    column.addEventListener("focus", () => showPreview(c + 1));
    column.addEventListener("mouseleave", clearPreview);
    column.addEventListener("blur", clearPreview);
    column.addEventListener("keydown", (event) => {
      const step = { ArrowLeft: -1, ArrowRight: 1 }[event.key];
      if (step) {
        event.preventDefault();
        columnButton(((c + step + width) % width) + 1).focus();
      }
    });
    board.append(column);
  }
  $("column-numbers").replaceChildren(
    ...Array.from({ length: width }, (_, c) => {
      const number = document.createElement("span");
      number.textContent = String(c + 1);
      return number;
    }),
  );
}

/** Plays on a board of `size` from now on: the board drawn again and the picker set to it. */
export function useSize(size) {
  $("size").value = sizeText(size);
  if (size.width === state.size.width && size.height === state.size.height) return;
  state.size = { width: size.width, height: size.height };
  buildBoard();
}

export const columnButton = (number) => $("board").children[number - 1];
export const cellAt = (number, row) => columnButton(number).children[state.size.height - row];

export function discsIn(number) {
  const column = number - 1;
  return state.summary.board.filter((line) => line[column] !== ".").length;
}

export function render(animatedColumn) {
  const summary = state.summary;
  const size = sizeOf(summary.board);
  useSize(size);
  const { width, height } = size;
  const winning = new Set(summary.winning_cells);
  const lastColumn = state.moves ? columnOf(state.moves.slice(-1)) : 0;
  const board = $("board");
  board.dataset.moves = summary.moves;
  board.dataset.status = summary.status;
  for (let c = 1; c <= width; c += 1) {
    const filled = discsIn(c);
    for (let r = 1; r <= height; r += 1) {
      const cell = cellAt(c, r);
      cell.replaceChildren();
      cell.classList.remove("landing");
      const mark = summary.board[height - r][c - 1];
      if (mark === ".") {
        continue;
      }
      const disc = document.createElement("span");
      disc.className = `disc ${mark === "X" ? "red" : "yellow"}`;
      const square = `${String.fromCharCode(96 + c)}${r}`;
      if (winning.has(square)) disc.classList.add("win");
      if (c === lastColumn && r === filled) {
        disc.classList.add("last");
        if (c === animatedColumn) {
          disc.classList.add("falling");
          disc.style.setProperty("--fall", String(height - r));
        }
      }
      cell.append(disc);
    }
    const button = columnButton(c);
    const full = filled === height;
    button.setAttribute("aria-label", `Column ${c}: ${filled} of ${height} filled${full ? ", full" : ""}`);
    button.classList.remove("hinted");
  }
  updatePlayable();
}

export const inProgress = () => Boolean(state.summary) && state.summary.status === "in_progress";
export const gameOver = () => Boolean(state.summary) && state.summary.status !== "in_progress";

export function humansTurn() {
  return inProgress() && controllerOf(state.summary.to_move) === "human";
}

export function updatePlayable() {
  const legal = new Set(state.summary.legal_columns);
  const open = humansTurn();
  for (let c = 1; c <= state.size.width; c += 1) {
    columnButton(c).setAttribute("aria-disabled", String(!(open && legal.has(c))));
  }
}

export function showPreview(number) {
  // A preview already in place stays: replacing the disc under a pressed button (its focus
  // comes with the press) would leave the press's target out of the page.
  const cell = humansTurn() && state.summary.legal_columns.includes(number)
    ? cellAt(number, discsIn(number) + 1)
    : null;
  if (cell && cell.querySelector(".disc.preview")) return;
  clearPreview();
  if (!cell) return;
  const disc = document.createElement("span");
  disc.className = `disc preview ${state.summary.to_move}`;
  cell.append(disc);
}

export function clearPreview() {
  for (const preview of document.querySelectorAll(".disc.preview")) preview.remove();
}
