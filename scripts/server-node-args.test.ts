import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SERVER_NODE_ARGS, START_NODE_ARGS } from './server-node-args.mjs';

const packageJson = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
  scripts: Record<string, string>;
};

describe("npm start's flags", () => {
  it('package.json starts scripts/start.mjs with every flag the server needs, so the server runs in that process', () => {
    // start.mjs runs the server in its own process only when it has all of START_NODE_ARGS; without one it starts
    // a second Node.js (about 150 ms more before /readyz).
    expect(packageJson.scripts.start).toBe(`node ${START_NODE_ARGS.join(' ')} scripts/start.mjs`);
  });

  it("include the server's own", () => {
    for (const arg of SERVER_NODE_ARGS) expect(START_NODE_ARGS).toContain(arg);
  });
});
