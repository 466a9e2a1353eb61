// A Web Worker of the static site: c4's engine (c4-wasm, compiled to WebAssembly) answering
// the page's requests one at a time. The page sends the compiled module first, then
// {route, body, chunks} messages; each answer is {ok, json}, the JSON c4 serve would send.
// `chunks` are [number, bytes] pairs of the book's ply-12 layer that the request may read:
// each is handed to the engine once, which checks it (a chunk it refuses is left out, and
// its positions are searched).
import init, { request, supply_layer_chunk } from "./engine/c4_wasm.js";

let ready = null;
const given = new Set(); // chunk numbers handed to the engine, read or refused

self.onmessage = async ({ data }) => {
  if (data.module) {
    ready = init({ module_or_path: data.module });
    return;
  }
  await ready;
  for (const [number, bytes] of data.chunks ?? []) {
    if (given.has(number)) continue;
    given.add(number);
    try {
      supply_layer_chunk(number, new Uint8Array(bytes));
    } catch (error) {
      console.warn(`the book's layer: ${error}`);
    }
  }
  const answer = request(data.route, data.body);
  self.postMessage({ ok: answer.ok, json: answer.json });
  answer.free();
};
