// Which mode the page runs in: "server" as `c4 serve` embeds it (the engine answers over the
// JSON API); `cargo xtask site` writes this file again with "static" (the engine runs in the
// page's Web Workers, compiled to WebAssembly).
export const SITE_MODE = "server";
