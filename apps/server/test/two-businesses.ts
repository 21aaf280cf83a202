import { afterAll, beforeAll } from 'vitest';
import { buildTestApp, signedInUser, type TestApp } from './helper.ts';

/**
 * For a test file about one business that another must never see: the app, and the owners of two businesses on
 * the Professional plan, signed in. Each test file has its own copy of this module, so of these.
 */
export let t: TestApp;
export let owner: Awaited<ReturnType<typeof signedInUser>>;
export let other: Awaited<ReturnType<typeof signedInUser>>;

/** Builds the app (with `options` as buildTestApp takes them) and signs both owners in before the file's tests. */
export function useTwoBusinesses(options: Parameters<typeof buildTestApp>[0] = {}) {
  beforeAll(async () => {
    t = await buildTestApp(options);
    owner = await signedInUser(t, { plan: 'professional' });
    other = await signedInUser(t, { plan: 'professional' });
  });
  afterAll(async () => {
    await t.close();
  });
}
