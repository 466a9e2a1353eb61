// c4's page: what every module shares: the one `state` of the game, the board's size, the
// element lookup and the status line's words. The position lives in one string of column
// digits (`state.moves`), mirrored in the URL hash (`#4453`).

export const COLUMNS = 7;
export const ROWS = 6;

/** How to move, said to a touch screen without the number keys it lacks. */
export const howToPlay = () => (matchMedia("(pointer: coarse)").matches ? "tap a column" : "click a column or press 1-7");

export const $ = (id) => document.getElementById(id);
export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export const state = {
  moves: "",
  redo: [],
  summary: null,
  // Per ply, who chose the move: {by: "human", column, time_ms} or {by: "computer", ai, seed,
  // stats} (the /api/best answer); null for moves loaded from a link.
  plies: [],
  seeds: null, // per side, the seed its computer plays this game with
  turnStarted: 0, // when the person to move was asked, for the time their move took
  generation: 0,
  paused: false,
  registry: null,
  analysis: null, // the last /api/analyze answer shown, which the hint must not contradict
};
