import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    env: { TZ: 'UTC' },
    setupFiles: ['./scripts/vitest-setup.ts'],
    projects: [
      {
        extends: true,
        // The web app's own import alias, so that its modules resolve in tests as they do in the app.
        resolve: { alias: { '@': fileURLToPath(new URL('./apps/web/src', import.meta.url)) } },
        test: {
          name: 'unit',
          include: ['packages/shared/src/**/*.test.ts', 'apps/web/src/**/*.test.ts', 'scripts/*.test.ts'],
        },
      },
      {
        extends: true,
        resolve: { alias: { '@': fileURLToPath(new URL('./apps/web/src', import.meta.url)) } },
        test: {
          // Component tests: the web app's pages in jsdom, on the real hooks and schemas, the API answered by MSW.
          name: 'web',
          include: ['apps/web/src/**/*.test.tsx'],
          environment: 'jsdom',
          environmentOptions: { jsdom: { url: 'http://localhost:3000' } },
          setupFiles: ['./apps/web/src/test/setup.ts'],
          // A whole form filled in by keystrokes takes a few seconds on a busy two-core machine.
          testTimeout: 20_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'db',
          include: ['packages/db/**/*.test.ts', 'apps/server/**/*.test.ts'],
          exclude: ['**/node_modules/**', '**/dist/**'],
          globalSetup: ['./packages/db/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
