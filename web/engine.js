// The page's one way to ask the engine: api(path, body) answers the JSON of c4 serve's API
// in either mode. Served by `c4 serve`, it is a fetch; on a static site, the same route and
// body go to a Web Worker running c4-wasm (worker.js), which answers with the same JSON.
// stopSearches() ends the searches under way (a move, a hint, an analysis) when the position
// changes: the server cancels a search whose client went; a worker is ended, and a fresh one
// answers the next request. A review judges the whole line, so it runs on. This module shows
// nothing: it answers data or throws an error, and says through `engineEvents` when it waits
// on a busy server or fetches the book's layer or the n-tuple network, for the page to show
// as it likes.
import { SITE_MODE } from "./site-mode.js";

export const STATIC = SITE_MODE === "static";

/** The error of a request stopped by stopSearches(): the page drops it silently. */
export class Stopped extends Error {
  constructor() {
    super("stopped");
    this.name = "Stopped";
  }
}

/**
 * What the engine says while it answers: a `busy` event (its `detail.seconds`: how long until
 * the request is sent again) when the server has no search slot free.
 */
export const engineEvents = new EventTarget();

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export function api(path, body) {
  return STATIC ? askWorker(path, body) : askServer(path, body);
}

/** The routes whose answers belong to one position: stopSearches() ends them. */
const SEARCH_ROUTES = new Set(["/api/best", "/api/hint", "/api/analyze"]);

export function stopSearches() {
  if (STATIC) {
    stopWorkers();
  } else {
    for (const [controller, route] of fetches) {
      if (SEARCH_ROUTES.has(route)) controller.abort();
    }
  }
}

// ---------------------------------------------------------------- served by c4 serve

const fetches = new Map(); // AbortController -> route

/**
 * The searches this page has at the server at once: two, the fewest slots a server has on
 * two cores (`--max-searches` defaults to the CPUs), so that the page never queues behind
 * its own requests at the server (a 429 and a second's wait). The others wait here, the
 * computer's move first, then a hint, then an analysis; a search stopped while it waits is
 * never sent.
 */
const PAGE_SEARCHES = 2;
const SEARCH_PRIORITY = { "/api/best": 0, "/api/hint": 1, "/api/analyze": 2 };
let searching = 0;
const waiting = []; // {route, start, signal}

function nextSearch() {
  while (searching < PAGE_SEARCHES && waiting.length) {
    waiting.sort((a, b) => SEARCH_PRIORITY[a.route] - SEARCH_PRIORITY[b.route]);
    const { start, signal } = waiting.shift();
    if (signal.aborted) continue;
    searching += 1;
    start();
  }
}

/** Runs `send` when a search slot of the page is free (at once for other routes). */
async function inTurn(route, signal, send) {
  if (!(route in SEARCH_PRIORITY)) return send();
  await new Promise((resolve, reject) => {
    waiting.push({ route, start: resolve, signal });
    signal.addEventListener("abort", () => reject(new DOMException("stopped", "AbortError")), { once: true });
    nextSearch();
  });
  try {
    return await send();
  } finally {
    searching -= 1;
    nextSearch();
  }
}

async function askServer(path, body) {
  const controller = new AbortController();
  const route = path.split("?")[0];
  fetches.set(controller, route);
  try {
    return await inTurn(route, controller.signal, () => fetchAnswer(path, body, controller));
  } catch (error) {
    throw controller.signal.aborted ? new Stopped() : error;
  } finally {
    fetches.delete(controller);
  }
}

/** The answer of the server to one request, sent again after a 429 as it asks. */
async function fetchAnswer(path, body, controller) {
  const init = body === undefined
    ? { signal: controller.signal }
    : {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
      signal: controller.signal,
    };
  try {
    for (let attempt = 0; ; attempt += 1) {
      const response = await fetch(path, init);
      if (response.status === 429 && attempt < 10) {
        const wait = Number(response.headers.get("Retry-After")) || 1;
        engineEvents.dispatchEvent(new CustomEvent("busy", { detail: { seconds: wait } }));
        await sleep(wait * 1000);
        continue;
      }
      let data;
      try {
        data = await response.json();
      } catch {
        data = { error: `HTTP ${response.status}` };
      }
      if (!response.ok) {
        throw new Error(data.error || `HTTP ${response.status}`);
      }
      return data;
    }
  } catch (error) {
    throw controller.signal.aborted ? new Stopped() : error;
  }
}

// ---------------------------------------------------------------- static: Web Workers

// Each request runs on a worker of its own, so a position or an analysis never waits behind
// a computer's move; idle workers are kept for the next requests. The module is compiled once
// here and handed to each worker.
const MAX_IDLE_WORKERS = 2;
const idle = [];
const busy = new Map(); // worker -> {route, resolve, reject}
let compiled = null;

function compiledModule() {
  const url = new URL("./engine/c4_wasm_bg.wasm", import.meta.url);
  // Streaming needs the host to say application/wasm; any other host gets the bytes compiled.
  compiled ??= WebAssembly.compileStreaming(fetch(url))
    .catch(() => fetch(url).then((response) => response.arrayBuffer()).then((bytes) => WebAssembly.compile(bytes)));
  return compiled;
}

async function askWorker(path, body) {
  const module = await compiledModule();
  const [route, query] = path.split("?");
  const request = query === undefined ? body ?? {} : Object.fromEntries(new URLSearchParams(query));
  const stopsBefore = stops;
  const chunks = LAYER_ROUTES.has(route) ? await layerChunksFor(module, route, request) : [];
  const text = JSON.stringify(request);
  const network = namesNetwork(text) ? await networkBytes() : null;
  if (stops !== stopsBefore && SEARCH_ROUTES.has(route)) throw new Stopped();
  return send(module, route, text, chunks, network);
}

// Hands a request (`body`: its JSON text) to an idle worker, or to a new one.
function send(module, route, body, chunks = [], network = null) {
  const worker = idle.pop() ?? newWorker(module);
  return new Promise((resolve, reject) => {
    busy.set(worker, { route, resolve, reject });
    worker.postMessage({ route, body, chunks, network });
  });
}

// ---------------------------------------------------------------- static: the n-tuple network

// The shipped network behind `eval=ntuple` (4.6 MB) ships beside the module, not inside it,
// so that the first page does not carry it: a request whose players name `ntuple` brings the
// file's bytes to its worker, fetched once per page (a `network` event says while:
// `detail.done`). The engine checks the bytes against the network it was built for; without
// them it answers that the network is not loaded.
const NETWORK_FILE = new URL("./engine/builtin.c4nt", import.meta.url);
let network = null; // Promise of the file's bytes (an ArrayBuffer), or of null if it failed

// Whether a request (its JSON text) names the network. The word is in a player's spec; were it
// anywhere else, the file would only be fetched sooner than needed.
const namesNetwork = (text) => text.includes("ntuple");

function networkBytes() {
  if (network === null) {
    engineEvents.dispatchEvent(new CustomEvent("network", { detail: { done: false } }));
    network = fetch(NETWORK_FILE)
      .then((response) => {
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        return response.arrayBuffer();
      })
      .catch(() => {
        network = null; // fetched again by a later request
        return null;
      })
      .finally(() => engineEvents.dispatchEvent(new CustomEvent("network", { detail: { done: true } })));
  }
  return network;
}

// ---------------------------------------------------------------- static: the book's layer

// The ply-12 layer of the book ships beside the module as chunk files (`layers/ply12/`, some
// 10 KB each, with `index.json` naming those the site has), fetched as positions need them:
// before a request that may read the layer, a worker names the chunks its position (a
// review: its whole line) reads, the page fetches those it lacks, each once, and hands them
// to the worker with the request, which checks each before it reads it. `engineEvents` says
// while chunks are fetched (a `layer` event: `detail.fetched` of `detail.of`). A chunk that
// cannot be fetched or is refused is left out: the engine searches its positions instead.
const LAYER_ROUTES = new Set(["/api/best", "/api/hint", "/api/analyze", "/api/review"]);
const LAYER_FOLDER = new URL("./layers/ply12/", import.meta.url);
let layerIndex = null; // Promise of the Set of chunk numbers the site has
const layerChunks = new Map(); // chunk number -> Promise of its bytes (an ArrayBuffer)

function siteChunks() {
  layerIndex ??= fetch(new URL("index.json", LAYER_FOLDER))
    .then((response) => (response.ok ? response.json() : { chunks: [] }))
    .then((index) => new Set(index.chunks))
    .catch(() => new Set());
  return layerIndex;
}

async function layerChunksFor(module, route, request) {
  const onSite = await siteChunks();
  if (onSite.size === 0) return [];
  let named;
  try {
    named = await send(module, "/api/layer", JSON.stringify({
      moves: request.moves ?? "",
      size: request.size,
      line: route === "/api/review",
    }));
  } catch {
    return []; // the request itself will say what is wrong with its position
  }
  const wanted = named.chunks.filter((number) => onSite.has(number));
  const missing = wanted.filter((number) => !layerChunks.has(number));
  let fetched = 0;
  const progress = () =>
    engineEvents.dispatchEvent(new CustomEvent("layer", { detail: { fetched, of: missing.length } }));
  if (missing.length > 0) progress();
  for (const number of missing) {
    const name = `chunk-${String(number).padStart(5, "0")}.c4layer`;
    const bytes = fetch(new URL(name, LAYER_FOLDER))
      .then((response) => {
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        return response.arrayBuffer();
      })
      .finally(() => {
        fetched += 1;
        progress();
      });
    // A chunk that failed is fetched again by a later request.
    bytes.catch(() => layerChunks.delete(number));
    layerChunks.set(number, bytes);
  }
  const settled = await Promise.allSettled(wanted.map((number) => layerChunks.get(number)));
  return wanted.flatMap((number, i) =>
    settled[i].status === "fulfilled" ? [[number, settled[i].value]] : []);
}

function newWorker(module) {
  const worker = new Worker(new URL("./worker.js", import.meta.url), { type: "module" });
  worker.postMessage({ module });
  worker.onmessage = ({ data }) => {
    const waiting = busy.get(worker);
    busy.delete(worker);
    if (idle.length < MAX_IDLE_WORKERS) idle.push(worker);
    else worker.terminate();
    if (!waiting) return;
    const answer = JSON.parse(data.json);
    if (data.ok) waiting.resolve(answer);
    else waiting.reject(new Error(answer.error));
  };
  worker.onerror = (event) => {
    event.preventDefault();
    const waiting = busy.get(worker);
    busy.delete(worker);
    worker.terminate();
    if (waiting) waiting.reject(new Error(`the engine stopped: ${event.message || "no module"}`));
  };
  return worker;
}

let stops = 0; // stopWorkers() calls, so a request that was fetching the layer is dropped too

function stopWorkers() {
  stops += 1;
  for (const [worker, waiting] of busy) {
    if (!SEARCH_ROUTES.has(waiting.route)) continue;
    busy.delete(worker);
    worker.terminate();
    waiting.reject(new Stopped());
  }
}
