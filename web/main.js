// c4's page, its entry point: loads the players, wires the controls and the keys, and
// follows the URL hash (a shared link names a position, and its board size off 7x6). Plain
// ES modules, no build step: `c4 serve` embeds these files as they are and `cargo xtask site`
// copies them.
import { $, DEFAULT_SIZE, state } from "./state.js";
import { SIZE_RANGE, buildSizeMenu, columnOfKey, parseSize, readLink, sizeText } from "./size.js";
import { STATIC, api, engineEvents } from "./engine.js";
import { buildPlayerMenu, controllerOf, mode, updateSetupVisibility } from "./players.js";
import { buildBoard, inProgress } from "./board.js";
import { reviewGame } from "./panels.js";
import { saveGame } from "./save.js";
import { analyse } from "./analysis.js";
import { hint } from "./hint.js";
import { setUpExplain } from "./explain.js";
import { clearNotice, say, setNotice, setTurn } from "./status.js";
import { humanPlay, jumpTo, newGame, redo, refresh, startLine, undo, updateControls } from "./game.js";

// The position a link names: `#MOVES` (7x6) or `#WxH:MOVES`, or the same after `?pos=` when
// there is no hash.
function linkText() {
  if (location.hash.length > 1) return decodeURIComponent(location.hash.slice(1));
  return new URLSearchParams(location.search).get("pos") || "";
}

// A link naming no size c4 plays opens a new 7x6 game, and one naming no valid position a
// new game on its size, the status line leading with why.
async function loadHash() {
  const link = readLink(linkText());
  const size = parseSize(link.size);
  if (link.moves === state.moves && size && link.size === sizeText(state.size)) return;
  clearNotice();
  if (!size) {
    setNotice(`The link's board size ${JSON.stringify(link.size)} is not valid (${SIZE_RANGE}): a new game on ${sizeText(DEFAULT_SIZE)} instead.`);
    startLine("", DEFAULT_SIZE);
    await refresh(null);
    return;
  }
  startLine(link.moves, size);
  const error = await refresh(null);
  if (error !== null) {
    setNotice(`The link's position ${JSON.stringify(link.moves)} is not valid (${error}): a new game instead.`);
    startLine("");
    await refresh(null);
  }
}

/**
 * The page's address with who plays: `?mode=human-ai&yellow=hard` (levels only; a custom
 * player is not in the link), so a copied link reopens against the same level.
 */
function linkWithPlayers() {
  const url = new URL(location.href);
  url.searchParams.set("mode", mode());
  for (const side of ["red", "yellow"]) {
    const level = $(`${side}-level`).value;
    if (controllerOf(side) === "human" || level === "custom") url.searchParams.delete(side);
    else url.searchParams.set(side, level);
  }
  return url.href;
}

/** Who plays, as a link names it (see linkWithPlayers): what it names that the menus hold. */
function playersFromLink() {
  const params = new URLSearchParams(location.search);
  const choose = (id, value) => {
    const select = $(id);
    if (value && [...select.options].some((option) => option.value === value)) select.value = value;
  };
  choose("mode", params.get("mode"));
  for (const side of ["red", "yellow"]) choose(`${side}-level`, params.get(side));
}

async function copyLink() {
  const url = linkWithPlayers();
  try {
    await navigator.clipboard.writeText(url);
    say(`Link copied: ${url}`);
  } catch {
    say(`Link: ${url}`);
  }
}

function onKey(event) {
  const target = event.target;
  if (target.closest && target.closest("select, input, textarea")) return;
  if (event.ctrlKey || event.metaKey) {
    if (event.key === "z") { event.preventDefault(); undo(); }
    if (event.key === "y") { event.preventDefault(); redo(); }
    return;
  }
  if (event.altKey) return;
  const number = columnOfKey(event.key);
  if (number > 0) {
    event.preventDefault();
    humanPlay(number);
  } else if (event.key === "u") {
    undo();
  } else if (event.key === "r") {
    redo();
  } else if (event.key === "h") {
    hint();
  } else if (event.key === "n") {
    newGame();
  }
}

// While the static page fetches what the engine reads on first use (chunks of the book's
// layer, the n-tuple network), the line under the board says so; then it shows again what it
// said before.
const FETCHING = "Fetching ";
let saidBeforeFetch = "";

function showFetch(what, done) {
  const shown = $("hint-text").textContent;
  if (!shown.startsWith(FETCHING)) saidBeforeFetch = shown;
  if (!done) say(`${FETCHING}${what}…`);
  else if (shown.startsWith(FETCHING)) say(saidBeforeFetch);
}

async function start() {
  buildSizeMenu();
  buildBoard(humanPlay);
  engineEvents.addEventListener("busy", (event) => {
    say(`The server is busy; retrying in ${event.detail.seconds} s…`);
  });
  engineEvents.addEventListener("layer", ({ detail: { fetched, of } }) =>
    showFetch(`the book's deep layer: ${fetched} of ${of} chunks`, fetched >= of));
  engineEvents.addEventListener("network", ({ detail: { done } }) =>
    showFetch("the n-tuple network (4.6 MB)", done));
  try {
    state.registry = await api("/api/players");
  } catch (error) {
    setTurn("error", `${STATIC ? "Cannot start the engine" : "Cannot reach the server"}: ${error.message}`);
    return;
  }
  if (STATIC) {
    showStaticMode();
  } else {
    $("footer-text").textContent = "Served by c4 serve. API: /api/position, /api/best, /api/hint, "
      + "/api/analyze, /api/review, /api/explain, /api/record, /api/players.";
  }
  buildPlayerMenu("red");
  buildPlayerMenu("yellow");
  playersFromLink();
  for (const side of ["red", "yellow"]) $(`${side}-level`).dispatchEvent(new Event("change"));
  updateSetupVisibility();
  $("analysis").hidden = true;
  $("new-game").addEventListener("click", () => newGame());
  $("banner-new").addEventListener("click", () => newGame());
  // Another size is another game: it starts at once, and the levels say what they do on it.
  $("size").addEventListener("change", (event) => {
    newGame(parseSize(event.target.value));
    for (const side of ["red", "yellow"]) $(`${side}-level`).dispatchEvent(new Event("change"));
  });
  $("undo").addEventListener("click", undo);
  $("redo").addEventListener("click", redo);
  $("hint").addEventListener("click", hint);
  $("share").addEventListener("click", copyLink);
  $("review").addEventListener("click", reviewGame);
  $("move-list").addEventListener("click", (event) => {
    const move = event.target.closest("button[data-ply]");
    if (move) jumpTo(Number(move.dataset.ply));
  });
  $("banner-review").addEventListener("click", reviewGame);
  $("save").addEventListener("click", saveGame);
  $("banner-save").addEventListener("click", saveGame);
  $("analysis-toggle").addEventListener("change", (event) => {
    if (event.target.checked && inProgress()) {
      analyse(state.generation);
    } else {
      $("analysis").hidden = true;
    }
  });
  setUpExplain();
  $("speed").addEventListener("input", () => {
    $("speed-value").textContent = `${$("speed").value} ms`;
  });
  $("pause").addEventListener("click", () => {
    state.paused = !state.paused;
    updateControls();
    if (!state.paused) refresh(null);
  });
  // Who plays changes from the next move on; a computer now to move starts at once.
  $("setup").addEventListener("change", (event) => {
    if (event.target.id === "speed" || event.target.id === "size") return;
    updateSetupVisibility();
    if (inProgress()) refresh(null);
  });
  $("setup").addEventListener("submit", (event) => event.preventDefault());
  document.addEventListener("keydown", onKey);
  window.addEventListener("hashchange", loadHash);
  state.moves = null; // forces loadHash to load even the empty board
  loadHash();
}

/**
 * The static site: the engine runs here, in the browser, so the footer says so; a game
 * record is written by c4-arena, which only `c4 serve` carries, so Save is not offered.
 */
function showStaticMode() {
  document.body.dataset.site = "static";
  $("footer-text").textContent =
    "c4's engine runs in this page, compiled to WebAssembly: nothing is sent anywhere.";
  for (const id of ["save", "banner-save"]) $(id).hidden = true;
}

start();
