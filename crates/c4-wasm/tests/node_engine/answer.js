// Answers c4-wasm requests under Node, for the tests and the benchmark that compare the
// WebAssembly engine with the native one. Loads the module `cargo xtask node` wrote (its
// folder is the first argument), prints {"ready_ms"} once loaded, then reads one
// {"route", "body"} per line on stdin and prints one {"ok", "json", "ms"} per line.
"use strict";
const readline = require("node:readline");
const { performance } = require("node:perf_hooks");

const loading = performance.now();
const { request } = require(`${process.argv[2]}/c4_wasm.js`);
process.stdout.write(`${JSON.stringify({ ready_ms: performance.now() - loading })}\n`);

readline.createInterface({ input: process.stdin }).on("line", (line) => {
  const { route, body } = JSON.parse(line);
  const start = performance.now();
  const answer = request(route, body);
  const ms = performance.now() - start;
  process.stdout.write(`${JSON.stringify({ ok: answer.ok, json: answer.json, ms })}\n`);
  answer.free();
});
