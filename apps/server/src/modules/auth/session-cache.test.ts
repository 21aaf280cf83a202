import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, signedInUser, type TestApp } from '../../../test/helper.ts';
import { LiveSessionCache } from './session-cache.ts';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

/** The session id inside an access token. */
const sessionOf = (token: string): string =>
  JSON.parse(Buffer.from(token.split('.')[1] as string, 'base64url').toString('utf8')).session_id;

/** Deletes a session without the database's notice, as if this process had missed it. */
async function deleteUnannounced(sessionId: string) {
  await t.database.executeSql('ALTER TABLE auth_sessions DISABLE TRIGGER auth_sessions_ended');
  try {
    await t.database.executeSql('DELETE FROM auth_sessions WHERE id = $1', [sessionId]);
  } finally {
    await t.database.executeSql('ALTER TABLE auth_sessions ENABLE TRIGGER auth_sessions_ended');
  }
}

const me = (headers: Record<string, string>) => t.app.inject({ method: 'GET', url: '/v1/me', headers });

describe('the cache of checked sessions', () => {
  it('answers from memory for a few seconds, forgets on notice, and keeps only sessions that exist', async () => {
    const user = await signedInUser(t);
    const sessionId = sessionOf(user.token);
    const cache = new LiveSessionCache(t.database.db, 300);
    expect((await cache.find(sessionId, user.userId))?.accountId).toBe(user.accountId);
    // The row goes without the database's notice reaching this cache: it still answers from memory…
    await deleteUnannounced(sessionId);
    expect((await cache.find(sessionId, user.userId))?.id).toBe(sessionId);
    // …but never for another user's id, and not once told.
    expect(await cache.find(sessionId, '00000000-0000-4000-8000-000000000000')).toBeUndefined();
    cache.forget(`s:${sessionId}`);
    expect(await cache.find(sessionId, user.userId)).toBeUndefined();

    // Without a notice, an entry lasts its time to live.
    const other = await signedInUser(t);
    const otherSession = sessionOf(other.token);
    expect(await cache.find(otherSession, other.userId)).toBeDefined();
    await deleteUnannounced(otherSession);
    expect(await cache.find(otherSession, other.userId)).toBeDefined();
    await new Promise((resolve) => setTimeout(resolve, 350));
    expect(await cache.find(otherSession, other.userId)).toBeUndefined();
  });

  it('forgets a user’s sessions on a user notice, and everything after a missed notice', async () => {
    const user = await signedInUser(t);
    const cache = new LiveSessionCache(t.database.db);
    const sessionId = sessionOf(user.token);
    await cache.find(sessionId, user.userId);
    await t.database.executeSql('UPDATE users SET email = $1 WHERE id = $2', [
      `renamed-${user.email}`,
      user.userId,
    ]);
    // Not told: the e-mail read before.
    expect((await cache.find(sessionId, user.userId))?.email).toBe(user.email);
    cache.forget(`u:${user.userId}`);
    expect((await cache.find(sessionId, user.userId))?.email).toBe(`renamed-${user.email}`);
    await t.database.executeSql('UPDATE users SET email = $1 WHERE id = $2', [user.email, user.userId]);
    cache.forget(null);
    expect((await cache.find(sessionId, user.userId))?.email).toBe(user.email);
  });
});

describe('reading a session for several requests', () => {
  it('reads it once for requests that ask together', async () => {
    const user = await signedInUser(t);
    const cache = new LiveSessionCache(t.database.db);
    const sessionId = sessionOf(user.token);
    const found = await Promise.all(Array.from({ length: 8 }, () => cache.find(sessionId, user.userId)));
    expect(found[0]?.id).toBe(sessionId);
    expect(new Set(found).size).toBe(1);
    // Another user's id never shares that read.
    expect(await cache.find(sessionId, '00000000-0000-4000-8000-000000000000')).toBeUndefined();
  });

  it('does not keep a session read while it ended', async () => {
    const user = await signedInUser(t);
    const cache = new LiveSessionCache(t.database.db);
    const sessionId = sessionOf(user.token);
    const during = cache.find(sessionId, user.userId);
    // The notice of its end arrives while the read runs.
    cache.forget(`s:${sessionId}`);
    expect((await during)?.id).toBe(sessionId);
    await deleteUnannounced(sessionId);
    expect(await cache.find(sessionId, user.userId)).toBeUndefined();
  });
});

describe('sessions ended anywhere end at once for the API', () => {
  it('a session deleted by another process (signed out on another server) is refused on the next request', async () => {
    const user = await signedInUser(t);
    expect((await me(user.headers)).statusCode).toBe(200);
    await t.database.executeSql('DELETE FROM auth_sessions WHERE id = $1', [sessionOf(user.token)]);
    await expect.poll(async () => (await me(user.headers)).statusCode, { timeout: 2000 }).toBe(401);
  });

  it('signing out the other devices refuses their next request', async () => {
    const user = await signedInUser(t);
    const laptop = await t.app.inject({
      method: 'POST',
      url: '/auth/v1/token?grant_type=password',
      payload: { email: user.email, password: 'Harbor-Lantern-64' },
      remoteAddress: '10.91.0.1',
    });
    const laptopHeaders = { authorization: `Bearer ${laptop.json().access_token}` };
    expect((await me(user.headers)).statusCode).toBe(200);
    expect((await me(laptopHeaders)).statusCode).toBe(200);
    const signOut = await t.app.inject({
      method: 'POST',
      url: '/auth/v1/logout?scope=others',
      headers: laptopHeaders,
    });
    expect(signOut.statusCode).toBe(204);
    expect((await me(user.headers)).statusCode).toBe(401);
    expect((await me(laptopHeaders)).statusCode).toBe(200);
  });

  it('a deleted user’s sessions (gone by cascade) are refused on the next request', async () => {
    const user = await signedInUser(t);
    expect((await me(user.headers)).statusCode).toBe(200);
    await t.database.executeSql('DELETE FROM users WHERE id = $1', [user.userId]);
    await expect.poll(async () => (await me(user.headers)).statusCode, { timeout: 2000 }).toBe(401);
  });
});
