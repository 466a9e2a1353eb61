// c4's page: what every module shares: the one `state` of the game, the element lookup and
// the words for how to move. The position lives in one string of column digits
// (`state.moves`), mirrored in the URL hash (`#4453`); the board's size is the position's,
// read from each /api/position answer (7x6 until the first answer comes).

export const DEFAULT_SIZE = Object.freeze({ width: 7, height: 6 });

/** The size of a board as /api/position draws it: its rows, top first, a character a cell. */
export const sizeOf = (board) => ({ width: board[0].length, height: board.length });

/** The number keys that play a column: 1 to the width, at most 9. */
export const columnKeys = () => Math.min(state.size.width, 9);

/** How to move, said to a touch screen without the number keys it lacks. */
export const howToPlay = () => (matchMedia("(pointer: coarse)").matches
  ? "tap a column"
  : `click a column or press 1-${columnKeys()}`);

export const $ = (id) => document.getElementById(id);
export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export const state = {
  moves: "",
  redo: [],
  summary: null,
  size: { ...DEFAULT_SIZE },
  // Per ply, who chose the move: {by: "human", column, time_ms} or {by: "computer", ai, seed,
  // stats, level} (ai, seed and stats from the /api/best answer; level: the level's name when
  // one was asked for); null for moves loaded from a link.
  plies: [],
  seeds: null, // per side, the seed its computer plays this game with
  turnStarted: 0, // when the person to move was asked, for the time their move took
  generation: 0,
  paused: false,
  registry: null,
  analysis: null, // the last /api/analyze answer shown, which the hint must not contradict
  review: null, // the last /api/review answer, whose marks the move list shows
  notice: "", // what went wrong that the status line leads with until the person acts
};
