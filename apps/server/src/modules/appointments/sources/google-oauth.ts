import { CodeChallengeMethod, type Credentials, OAuth2Client } from 'google-auth-library';
import {
  DEFAULT_TIMEOUT_MS,
  GoogleMissingRefreshTokenError,
  GoogleScopeError,
  oauthError,
  toGoogleError,
  translateAuthError,
} from './google-errors.ts';

// Connecting a Google account through google-auth-library's OAuth2Client (PKCE consent URL, code exchange,
// access tokens from the stored refresh token, revocation).

/**
 * The scopes asked for, the narrowest that do the job: `calendar.events` reads and edits events (list, get,
 * patch) on the calendars the user can access, and `calendar.calendarlist.readonly` only lets us see which
 * calendars those are (their ids, names, time zones) for the user to pick from. `calendar.readonly` would read
 * every calendar's data besides, and `calendar` would also let us share and delete whole calendars;
 * `calendar.events.owned` would miss the calendars shared with the user (a front desk working in the owner's).
 */
export const GOOGLE_CALENDAR_SCOPES = [
  'https://www.googleapis.com/auth/calendar.events',
  'https://www.googleapis.com/auth/calendar.calendarlist.readonly',
] as const;
/** Where OAuth2Client talks to Google; tests point all three at the fake. */
export interface GoogleOAuthEndpoints {
  /** Default https://accounts.google.com/o/oauth2/v2/auth */
  authUrl?: string;
  /** Default https://oauth2.googleapis.com/token */
  tokenUrl?: string;
  /** Default https://oauth2.googleapis.com/revoke */
  revokeUrl?: string;
}

export interface GoogleOAuthOptions {
  clientId: string;
  clientSecret: string;
  /** The callback registered with the OAuth client in Google Cloud (exactly, scheme and path included). */
  redirectUri: string;
  endpoints?: GoogleOAuthEndpoints;
  /** How long one token request may take (default 10 s). */
  timeoutMs?: number;
}

export interface GoogleTokens {
  refreshToken: string;
  accessToken: string;
  /** When the access token stops working (null when Google did not say). */
  expiresAt: Date | null;
  /** The scopes the user granted (Google lets a user untick some on the consent screen). */
  scopes: string[];
}
/** Connecting a Google account: the consent URL, the code exchange, and clients from a stored refresh token. */
export class GoogleOAuth {
  private readonly options: GoogleOAuthOptions;

  constructor(options: GoogleOAuthOptions) {
    this.options = options;
  }

  private client(): OAuth2Client {
    const { clientId, clientSecret, redirectUri, endpoints } = this.options;
    return new OAuth2Client({
      clientId,
      clientSecret,
      redirectUri,
      endpoints: {
        ...(endpoints?.authUrl ? { oauth2AuthBaseUrl: endpoints.authUrl } : {}),
        ...(endpoints?.tokenUrl ? { oauth2TokenUrl: endpoints.tokenUrl } : {}),
        ...(endpoints?.revokeUrl ? { oauth2RevokeUrl: endpoints.revokeUrl } : {}),
      },
      transporterOptions: { timeout: this.options.timeoutMs ?? DEFAULT_TIMEOUT_MS },
    });
  }

  /**
   * The URL to send the user to. `state` is the caller's (signed, or an opaque id of a server-side record): Google
   * hands it back unchanged on the callback, where the caller checks it before anything else. The answer's
   * `codeVerifier` (PKCE, S256) must be kept server-side with the state and given to `exchangeCode`.
   * access_type=offline (a refresh token), prompt=consent (Google gives the refresh token only on a consent
   * screen), include_granted_scopes=false (only what is listed here).
   */
  async authorizationUrl(state: string): Promise<{ url: string; codeVerifier: string }> {
    if (!state) throw new Error('A state is required (CSRF protection of the callback)');
    const client = this.client();
    const { codeVerifier, codeChallenge } = await client.generateCodeVerifierAsync();
    if (!codeChallenge) throw new Error('google-auth-library gave no PKCE code challenge');
    const url = client.generateAuthUrl({
      access_type: 'offline',
      prompt: 'consent',
      scope: [...GOOGLE_CALENDAR_SCOPES],
      state,
      code_challenge: codeChallenge,
      code_challenge_method: CodeChallengeMethod.S256,
      include_granted_scopes: false,
    });
    return { url, codeVerifier };
  }

  /**
   * The callback's `code` for tokens (with the PKCE verifier of `authorizationUrl`).
   * @throws GoogleInvalidGrantError for a code that is wrong, used or expired, or a verifier that does not match;
   *   GoogleMissingRefreshTokenError when Google gave no refresh token; GoogleScopeError when the user did not
   *   grant every scope we need.
   */
  async exchangeCode(code: string, codeVerifier: string): Promise<GoogleTokens> {
    let tokens: Credentials;
    try {
      ({ tokens } = await this.client().getToken({ code, codeVerifier }));
    } catch (error) {
      throw translateAuthError(error);
    }
    const scopes = (tokens.scope ?? '').split(/\s+/).filter(Boolean);
    // Google answers the scopes granted; an answer without the field is taken as all of them.
    const missing = tokens.scope ? GOOGLE_CALENDAR_SCOPES.filter((scope) => !scopes.includes(scope)) : [];
    if (missing.length > 0) throw new GoogleScopeError(missing);
    if (!tokens.refresh_token) throw new GoogleMissingRefreshTokenError();
    if (!tokens.access_token) throw new Error('Google answered the code exchange without an access token');
    return {
      refreshToken: tokens.refresh_token,
      accessToken: tokens.access_token,
      expiresAt: typeof tokens.expiry_date === 'number' ? new Date(tokens.expiry_date) : null,
      scopes: scopes.length > 0 ? scopes : [...GOOGLE_CALENDAR_SCOPES],
    };
  }

  /**
   * An authorised client for a stored refresh token: it gets an access token when it needs one (none yet, or
   * within five minutes of expiry) and refreshes it itself. `onRefreshToken` is called if Google ever hands out a
   * new refresh token on refresh (store it in place of the old one). A revoked token shows up on the next request
   * as GoogleInvalidGrantError (from GoogleCalendarClient).
   */
  authorizedClient(refreshToken: string, onRefreshToken?: (token: string) => void): OAuth2Client {
    const client = this.client();
    client.setCredentials({ refresh_token: refreshToken });
    if (onRefreshToken) {
      client.on('tokens', (tokens: Credentials) => {
        if (tokens.refresh_token && tokens.refresh_token !== refreshToken)
          onRefreshToken(tokens.refresh_token);
      });
    }
    return client;
  }

  /**
   * Revokes the grant (a disconnected connection): Google forgets the refresh token and its access tokens. A
   * token Google no longer knows (400 invalid_token) counts as revoked already.
   */
  async revoke(refreshToken: string): Promise<void> {
    try {
      await this.client().revokeToken(refreshToken);
    } catch (error) {
      if (oauthError(error)?.error === 'invalid_token') return;
      throw toGoogleError(error, this.options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
    }
  }

  /**
   * Checks a refresh token now (one refresh), e.g. right after connecting or from a "test connection" button.
   * @throws GoogleInvalidGrantError when Google no longer accepts it.
   */
  async verify(refreshToken: string): Promise<void> {
    try {
      await this.authorizedClient(refreshToken).getAccessToken();
    } catch (error) {
      throw translateAuthError(error);
    }
  }
}
