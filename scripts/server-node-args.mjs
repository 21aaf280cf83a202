// Node's flags for the server's process, wherever it is started: npm start, the browser tests' server, the bench.
//
// --max-semi-space-size=32 (MB): a page of 50 calls makes a few hundred kilobytes of short-lived values (the
// database's rows, the JSON written). With V8's default young generation, a scavenge ran every few dozen requests
// and copied what the 50 requests in flight held each time: a quarter of the server's time on an uncached page.
// A larger young generation collects as much garbage a fifth as often (decision 031: 1,074 → 1,469 pages of calls
// a second, 1,024 → 686 µs of the server's CPU each). It is a ceiling: an idle server's young generation stays
// small.
//
// --wasm-tiering-budget=54000000 (30 times V8's default): the embedded database is WebAssembly, first compiled by
// V8's quick compiler and recompiled by its optimizing one once a function has run enough. At the default, opening
// the database and the first statements made hundreds of functions hot at once, and their recompiling took the
// second core from the start (decision 031: a start on existing data 2.16 -> 1.60 s, with --liftoff-only at
// 1.41 s). At 30 times, what a server runs again and again is still optimized within its first seconds: pages of
// calls and contacts on PGlite measured the same after the bench's warm-up (0.013-0.014 of a bare route, both ways).
export const SERVER_NODE_ARGS = ['--max-semi-space-size=32', '--wasm-tiering-budget=54000000'];

// `npm start`'s flags (package.json's "start" passes them, scripts/server-node-args.test.ts checks it): the server's,
// and stack traces that name the source files rather than the bundle's lines.
export const START_NODE_ARGS = ['--enable-source-maps', ...SERVER_NODE_ARGS];
