// Types of server-node-args.mjs (a plain script, read by npm start before anything is built).
export declare const SERVER_NODE_ARGS: readonly string[];
export declare const START_NODE_ARGS: readonly string[];
