import { afterAll, beforeAll, expect } from 'vitest';
import {
  listenTestApp,
  newAuthClient,
  type TestApp,
  verifyLinkOf,
  waitForMail,
} from '../../../test/helper.ts';

// What the auth contract tests share: a server listening on a port, driven by the real auth-js client as the
// web app uses it, and users signed up and verified through the e-mailed link.

export let t: TestApp & { baseUrl: string };
let counter = 0;
export const uniqueEmail = (label: string) => `${label}-${Date.now()}-${++counter}@example.com`;
export const PASSWORD = 'Tulip-Harbor-42';

/** The real auth-js client, as the web app uses it. */
export const newClient = () => newAuthClient(t.baseUrl);
export type Client = ReturnType<typeof newClient>;

// biome-ignore lint/suspicious/noExplicitAny: test assertions read arbitrary JSON bodies
export const json = async (res: Response): Promise<any> => res.json();

/** Follows an e-mail link like a browser and returns the tokens from the redirect's URL fragment. */
export async function followLink(link: string) {
  const res = await fetch(link, { redirect: 'manual' });
  expect(res.status).toBe(303);
  const location = res.headers.get('location') ?? '';
  const [target, fragment = ''] = location.split('#');
  return { target, params: Object.fromEntries(new URLSearchParams(fragment)) };
}

export async function signUpAndVerify(email: string, password = PASSWORD) {
  const client = newClient();
  const { error } = await client.signUp({
    email,
    password,
    options: { data: { first_name: 'Dana', last_name: 'Reyes', business_name: 'Reyes Physio' } },
  });
  expect(error).toBeNull();
  const mail = await waitForMail(t.app, email, /Confirm your Callwise account/);
  await followLink(verifyLinkOf(mail));
  return client;
}

/** Starts what the tests need before them and stops it after them: call it once at the top of a test file. */
export function useListeningApp(): void {
  beforeAll(async () => {
    t = await listenTestApp();
  });
  afterAll(async () => {
    await t.close();
  });
}
