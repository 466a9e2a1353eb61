// c4's page: the board: its columns as buttons, the discs drawn from /api/position's
// answer, the winning cells, the last move's fall and the preview disc under the pointer.
import { $, COLUMNS, ROWS, state } from "./state.js";
import { controllerOf } from "./players.js";
import { humanPlay } from "./game.js";

export function buildBoard() {
  const board = $("board");
  board.replaceChildren();
  for (let c = 0; c < COLUMNS; c += 1) {
    const column = document.createElement("button");
    column.type = "button";
    column.className = "column";
    column.dataset.column = String(c + 1);
    for (let r = ROWS - 1; r >= 0; r -= 1) {
      const cell = document.createElement("span");
      cell.className = "cell";
      cell.dataset.row = String(r + 1);
      column.append(cell);
    }
    column.addEventListener("click", () => humanPlay(c + 1));
    column.addEventListener("mouseenter", () => showPreview(c + 1));
    column.addEventListener("focus", () => showPreview(c + 1));
    column.addEventListener("mouseleave", clearPreview);
    column.addEventListener("blur", clearPreview);
    column.addEventListener("keydown", (event) => {
      const step = { ArrowLeft: -1, ArrowRight: 1 }[event.key];
      if (step) {
        event.preventDefault();
        columnButton(((c + step + COLUMNS) % COLUMNS) + 1).focus();
      }
    });
    board.append(column);
  }
  $("column-numbers").replaceChildren(
    ...Array.from({ length: COLUMNS }, (_, c) => {
      const number = document.createElement("span");
      number.textContent = String(c + 1);
      return number;
    }),
  );
}

export const columnButton = (number) => $("board").children[number - 1];
export const cellAt = (number, row) => columnButton(number).children[ROWS - row];

export function discsIn(number) {
  const column = number - 1;
  return state.summary.board.filter((line) => line[column] !== ".").length;
}

export function render(animatedColumn) {
  const summary = state.summary;
  const winning = new Set(summary.winning_cells);
  const lastColumn = Number(state.moves.slice(-1)) || 0;
  const board = $("board");
  board.dataset.moves = summary.moves;
  board.dataset.status = summary.status;
  for (let c = 1; c <= COLUMNS; c += 1) {
    const height = discsIn(c);
    for (let r = 1; r <= ROWS; r += 1) {
      const cell = cellAt(c, r);
      cell.replaceChildren();
      const mark = summary.board[ROWS - r][c - 1];
      if (mark === ".") {
        continue;
      }
      const disc = document.createElement("span");
      disc.className = `disc ${mark === "X" ? "red" : "yellow"}`;
      const square = `${String.fromCharCode(96 + c)}${r}`;
      if (winning.has(square)) disc.classList.add("win");
      if (c === lastColumn && r === height) {
        disc.classList.add("last");
        if (c === animatedColumn) {
          disc.classList.add("falling");
          disc.style.setProperty("--fall", String(ROWS - r));
        }
      }
      cell.append(disc);
    }
    const button = columnButton(c);
    const full = height === ROWS;
    button.setAttribute("aria-label", `Column ${c}: ${height} of ${ROWS} filled${full ? ", full" : ""}`);
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
  for (let c = 1; c <= COLUMNS; c += 1) {
    columnButton(c).setAttribute("aria-disabled", String(!(open && legal.has(c))));
  }
}

export function showPreview(number) {
  clearPreview();
  if (!humansTurn() || !state.summary.legal_columns.includes(number)) return;
  const disc = document.createElement("span");
  disc.className = `disc preview ${state.summary.to_move}`;
  cellAt(number, discsIn(number) + 1).append(disc);
}

export function clearPreview() {
  for (const preview of document.querySelectorAll(".disc.preview")) preview.remove();
}
