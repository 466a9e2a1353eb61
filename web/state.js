// c4's page: what every module shares: the one `state` of the game and the element lookup.
// The position lives in one string of moves (`state.moves`, a character a move as the
// notation writes it: `4453`), mirrored in the URL hash; the board's size (`state.size`) is
// the one picked or linked, which every request carries (size.js).

export const DEFAULT_SIZE = Object.freeze({ width: 7, height: 6 });

/** The size of a board as /api/position draws it: its rows, top first, a character a cell. */
export const sizeOf = (board) => ({ width: board[0].length, height: board.length });

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
  analysis: null, // the last /api/analyze answer shown (answer.js reads it with the hint)
  hint: null, // {moves, answer}: the last /api/hint answer and the position it is for
  review: null, // the last /api/review answer, whose marks the move list shows
  notice: "", // what went wrong that the status line leads with until the person acts
};
