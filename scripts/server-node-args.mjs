// Node's flags for the server's process, wherever it is started: npm start, the browser tests' server, the bench.
//
// --max-semi-space-size=32 (MB): a page of 50 calls makes a few hundred kilobytes of short-lived values (the
// database's rows, the JSON written). With V8's default young generation, a scavenge ran every few dozen requests
// and copied what the 50 requests in flight held each time: a quarter of the server's time on an uncached page.
// A larger young generation collects as much garbage a fifth as often (decision 031: 1,074 → 1,469 pages of calls
// a second, 1,024 → 686 µs of the server's CPU each). It is a ceiling: an idle server's young generation stays
// small.
export const SERVER_NODE_ARGS = ['--max-semi-space-size=32'];

// `npm start`'s flags (package.json's "start" passes them, scripts/server-node-args.test.ts checks it): the server's,
// and stack traces that name the source files rather than the bundle's lines.
export const START_NODE_ARGS = ['--enable-source-maps', ...SERVER_NODE_ARGS];
