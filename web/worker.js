// A Web Worker of the static site: c4's engine (c4-wasm, compiled to WebAssembly) answering
// the page's requests one at a time. The page sends the compiled module first, then
// {route, body, chunks, network} messages; each answer is {ok, json}, the JSON c4 serve would send.
// `chunks` are [number, bytes] pairs of the book's ply-12 layer that the request may read:
// each is handed to the engine once, which checks it (a chunk it refuses is left out, and
// its positions are searched). `network`, when the request names `ntuple`, is the shipped
// network's file, handed over once too.
import init, { request, supply_layer_chunk, supply_network } from "./engine/c4_wasm.js";

let ready = null;
const given = new Set(); // chunk numbers handed to the engine, read or refused
let networkGiven = false;

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
  if (data.network && !networkGiven) {
    networkGiven = true;
    try {
      supply_network(new Uint8Array(data.network));
    } catch (error) {
      console.warn(`the n-tuple network: ${error}`);
    }
  }
  const answer = request(data.route, data.body);
  self.postMessage({ ok: answer.ok, json: answer.json });
  answer.free();
};
