import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { GoogleCalendarClient } from './google-calendar.ts';
import {
  apiRequests,
  client,
  connect,
  consent,
  fake,
  oauth,
  REDIRECT_URI,
  tokenRequests,
  useFakeGoogle,
} from './google-calendar-test-setup.ts';
import {
  GoogleInvalidGrantError,
  GoogleMissingRefreshTokenError,
  GoogleScopeError,
} from './google-errors.ts';
import { GOOGLE_CALENDAR_SCOPES } from './google-oauth.ts';

useFakeGoogle();

describe('GoogleOAuth', () => {
  it('builds the consent URL: offline access, consent prompt, the narrow scopes, state and an S256 PKCE challenge', async () => {
    const { url, codeVerifier } = await oauth.authorizationUrl('signed.state.value');
    const parsed = new URL(url);
    expect(`${parsed.origin}${parsed.pathname}`).toBe(fake.authUrl);
    const query = Object.fromEntries(parsed.searchParams);
    expect(query).toEqual({
      access_type: 'offline',
      prompt: 'consent',
      scope:
        'https://www.googleapis.com/auth/calendar.events https://www.googleapis.com/auth/calendar.calendarlist.readonly',
      state: 'signed.state.value',
      code_challenge: createHash('sha256').update(codeVerifier).digest('base64url'),
      code_challenge_method: 'S256',
      include_granted_scopes: 'false',
      response_type: 'code',
      client_id: fake.clientId,
      redirect_uri: REDIRECT_URI,
    });
    expect(codeVerifier).toMatch(/^[A-Za-z0-9\-._~]{43,128}$/);
    await expect(oauth.authorizationUrl('')).rejects.toThrow(/state/);
  });

  it('exchanges the code with the PKCE verifier for a refresh token', async () => {
    const { url, codeVerifier } = await oauth.authorizationUrl('state-2');
    const callback = await consent(url);
    expect(callback.get('state')).toBe('state-2');
    const tokens = await oauth.exchangeCode(callback.get('code') ?? '', codeVerifier);
    expect(tokens.refreshToken).toMatch(/^1\/\/fake-/);
    expect(tokens.accessToken).toMatch(/^ya29\.fake-/);
    expect(tokens.expiresAt?.getTime()).toBeGreaterThan(Date.now() + 3500_000);
    expect(tokens.scopes).toEqual([...GOOGLE_CALENDAR_SCOPES]);
    const exchange = tokenRequests().at(-1);
    expect(exchange?.body).toEqual({
      client_id: fake.clientId,
      client_secret: fake.clientSecret,
      code: callback.get('code'),
      code_verifier: codeVerifier,
      grant_type: 'authorization_code',
      redirect_uri: REDIRECT_URI,
    });
  });

  it('refuses a code with the wrong verifier, or one used twice, as invalid_grant', async () => {
    const { url, codeVerifier } = await oauth.authorizationUrl('state-3');
    const code = (await consent(url)).get('code') ?? '';
    const other = await oauth.authorizationUrl('state-4');
    const wrong = oauth.exchangeCode(code, other.codeVerifier);
    await expect(wrong).rejects.toBeInstanceOf(GoogleInvalidGrantError);
    await expect(wrong).rejects.toMatchObject({ description: 'Invalid code verifier.' });
    await oauth.exchangeCode(code, codeVerifier);
    await expect(oauth.exchangeCode(code, codeVerifier)).rejects.toBeInstanceOf(GoogleInvalidGrantError);
  });

  it('says so when Google gives no refresh token (a consent without prompt=consent after an earlier one)', async () => {
    await connect();
    const { url, codeVerifier } = await oauth.authorizationUrl('state-5');
    const withoutPrompt = new URL(url);
    withoutPrompt.searchParams.delete('prompt');
    const code = (await consent(withoutPrompt.toString())).get('code') ?? '';
    await expect(oauth.exchangeCode(code, codeVerifier)).rejects.toBeInstanceOf(
      GoogleMissingRefreshTokenError,
    );
  });

  it('says which scope the user unticked on the consent screen', async () => {
    fake.grantScopes = ['https://www.googleapis.com/auth/calendar.calendarlist.readonly'];
    const { url, codeVerifier } = await oauth.authorizationUrl('state-6');
    const code = (await consent(url)).get('code') ?? '';
    const exchange = oauth.exchangeCode(code, codeVerifier);
    await expect(exchange).rejects.toBeInstanceOf(GoogleScopeError);
    await expect(exchange).rejects.toMatchObject({
      missing: ['https://www.googleapis.com/auth/calendar.events'],
    });
  });

  it('gets an access token from the refresh token, refreshes it when it expires, and verifies a token', async () => {
    fake.addCalendar({ id: 'owner@example.com', primary: true });
    const calendars = await client();
    await calendars.listCalendars();
    expect(tokenRequests().map((request) => (request.body as { grant_type: string }).grant_type)).toEqual([
      'refresh_token',
    ]);
    const first = apiRequests()[0]?.headers.authorization;
    expect(first).toMatch(/^Bearer ya29\.fake-/);

    // Still valid: no refresh.
    await calendars.listCalendars();
    expect(tokenRequests()).toHaveLength(1);

    // Refused by Google before its time (401): one refresh, then the request again.
    fake.expireAccessTokens();
    await calendars.listCalendars();
    expect(tokenRequests()).toHaveLength(2);
    const statuses = apiRequests().map((request) => request.headers.authorization);
    expect(statuses[3]).not.toBe(first);

    await expect(oauth.verify(await connect())).resolves.toBeUndefined();
  });

  it('refreshes ahead of expiry (tokens within five minutes of it)', async () => {
    fake.addCalendar({ id: 'owner@example.com', primary: true });
    fake.accessTokenTtlSeconds = 120;
    const calendars = await client();
    await calendars.listCalendars();
    await calendars.listCalendars();
    expect(tokenRequests()).toHaveLength(2);
  });

  it('turns a revoked refresh token into GoogleInvalidGrantError', async () => {
    fake.addCalendar({ id: 'owner@example.com', primary: true });
    const refreshToken = await connect();
    fake.revokeRefreshToken(refreshToken);
    const calendars = new GoogleCalendarClient({
      auth: oauth.authorizedClient(refreshToken),
      rootUrl: fake.url,
    });
    const listing = calendars.listCalendars();
    await expect(listing).rejects.toBeInstanceOf(GoogleInvalidGrantError);
    await expect(listing).rejects.toMatchObject({ description: 'Token has been expired or revoked.' });
    await expect(oauth.verify(refreshToken)).rejects.toBeInstanceOf(GoogleInvalidGrantError);
    expect(apiRequests()).toHaveLength(0);
  });

  it('revokes a grant on disconnect (a token already gone counts as revoked)', async () => {
    const refreshToken = await connect();
    await oauth.revoke(refreshToken);
    const revoke = fake.requests.at(-1);
    expect(revoke?.path).toBe('/revoke');
    expect(revoke?.query).toEqual({ token: refreshToken });
    await expect(oauth.verify(refreshToken)).rejects.toBeInstanceOf(GoogleInvalidGrantError);
    await expect(oauth.revoke(refreshToken)).resolves.toBeUndefined();
  });
});
