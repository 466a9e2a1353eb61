// A Web Worker of the static site: c4's engine (c4-wasm, compiled to WebAssembly) answering
// the page's requests one at a time. The page sends the compiled module first, then
// {route, body} messages; each answer is {ok, json}, the JSON c4 serve would send.
import init, { request } from "./engine/c4_wasm.js";

let ready = null;

self.onmessage = async ({ data }) => {
  if (data.module) {
    ready = init({ module_or_path: data.module });
    return;
  }
  await ready;
  const answer = request(data.route, data.body);
  self.postMessage({ ok: answer.ok, json: answer.json });
  answer.free();
};
