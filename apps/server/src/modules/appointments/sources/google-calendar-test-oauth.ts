import { createHash, randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import type { FakeGoogle } from './google-calendar-test-server.ts';

// The fake's OAuth endpoints, as Google answers them: the consent screen (a redirect back with a code), and the
// token endpoint (a code with its PKCE verifier, or a refresh token, for an access token).

/** A random token with Google's prefix for its kind. */
export const token = (prefix: string) => `${prefix}${randomBytes(18).toString('base64url')}`;

/** A JSON answer, as Google sends them. */
export const json = (
  res: ServerResponse,
  status: number,
  body: object,
  headers: Record<string, string> = {},
) => {
  res.writeHead(status, { 'content-type': 'application/json; charset=UTF-8', ...headers });
  res.end(JSON.stringify(body));
};

/** The OAuth side of a fake: its endpoints, and the access tokens it issued (checked on every API request). */
export function fakeGoogleOAuth(state: FakeGoogle) {
  const codes = new Map<
    string,
    {
      redirectUri: string;
      scope: string;
      challenge: string | null;
      method: string;
      used: boolean;
      /** Whether the exchange gives a refresh token. */
      offline: boolean;
    }
  >();
  const accessTokens = new Map<string, { expiresAt: number; scope: string }>();
  let consentedBefore = false;

  const issueAccessToken = (scope: string) => {
    const value = token('ya29.fake-');
    accessTokens.set(value, { expiresAt: Date.now() + state.accessTokenTtlSeconds * 1000, scope });
    return value;
  };

  const oauthError = (res: ServerResponse, status: number, error: string, description: string) =>
    json(res, status, { error, error_description: description });

  const authorize = (res: ServerResponse, query: Record<string, string>) => {
    if (query.client_id !== state.clientId) {
      res.writeHead(400, { 'content-type': 'text/html' });
      return res.end('Error 401: invalid_client. The OAuth client was not found.');
    }
    if (!query.redirect_uri || query.response_type !== 'code' || !query.scope) {
      res.writeHead(400, { 'content-type': 'text/html' });
      return res.end('Error 400: invalid_request');
    }
    const asked = query.scope.split(' ');
    const granted = state.grantScopes ? asked.filter((scope) => state.grantScopes?.includes(scope)) : asked;
    const code = token('4/0A-fake-');
    // Google gives a refresh token on a consent screen; a user who consented before sees none without prompt=consent.
    const offline =
      query.access_type === 'offline' && (query.prompt?.split(' ').includes('consent') || !consentedBefore);
    consentedBefore = true;
    codes.set(code, {
      offline,
      redirectUri: query.redirect_uri,
      scope: granted.join(' '),
      challenge: query.code_challenge ?? null,
      method: query.code_challenge_method ?? 'plain',
      used: false,
    });
    const target = new URL(query.redirect_uri);
    if (query.state !== undefined) target.searchParams.set('state', query.state);
    target.searchParams.set('code', code);
    target.searchParams.set('scope', granted.join(' '));
    res.writeHead(302, { location: target.toString() });
    res.end();
  };

  const tokenEndpoint = (res: ServerResponse, form: Record<string, string>) => {
    if (form.client_id !== state.clientId || form.client_secret !== state.clientSecret) {
      return oauthError(res, 401, 'invalid_client', 'Unauthorized');
    }
    if (form.grant_type === 'authorization_code') {
      const entry = form.code ? codes.get(form.code) : undefined;
      if (!entry || entry.used) return oauthError(res, 400, 'invalid_grant', 'Bad Request');
      if (form.redirect_uri !== entry.redirectUri) {
        return oauthError(res, 400, 'redirect_uri_mismatch', 'Bad Request');
      }
      if (entry.challenge) {
        if (!form.code_verifier) return oauthError(res, 400, 'invalid_grant', 'Missing code verifier.');
        const computed =
          entry.method === 'S256'
            ? createHash('sha256').update(form.code_verifier).digest('base64url')
            : form.code_verifier;
        if (computed !== entry.challenge)
          return oauthError(res, 400, 'invalid_grant', 'Invalid code verifier.');
      }
      entry.used = true;
      const refresh = entry.offline ? token('1//fake-') : null;
      if (refresh) state.refreshTokens.set(refresh, { scope: entry.scope, revoked: false });
      return json(res, 200, {
        access_token: issueAccessToken(entry.scope),
        expires_in: state.accessTokenTtlSeconds,
        ...(refresh ? { refresh_token: refresh } : {}),
        scope: entry.scope,
        token_type: 'Bearer',
      });
    }
    if (form.grant_type === 'refresh_token') {
      const entry = form.refresh_token ? state.refreshTokens.get(form.refresh_token) : undefined;
      if (!entry || entry.revoked)
        return oauthError(res, 400, 'invalid_grant', 'Token has been expired or revoked.');
      return json(res, 200, {
        access_token: issueAccessToken(entry.scope),
        expires_in: state.accessTokenTtlSeconds,
        scope: entry.scope,
        token_type: 'Bearer',
      });
    }
    return oauthError(res, 400, 'unsupported_grant_type', `Invalid grant_type: ${form.grant_type ?? ''}`);
  };

  return { accessTokens, oauthError, authorize, tokenEndpoint };
}
