import { PRODUCT_NAME } from '@callwise/shared/product';
import { looksLikeApiKey } from '@callwise/shared/schemas/api-keys';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { audit } from '../../http/audit.ts';
import { sessionAuthOf } from '../../plugins/authenticate.ts';
import { NulCharacterError } from '../../plugins/input-guard.ts';
import type { AuthService, LinkType } from './auth.service.ts';
import { checkBearer } from './bearer.ts';
import {
  badJwt,
  GoTrueError,
  noAuthorization,
  sendGoTrueError,
  sessionMissing,
  validationFailed,
} from './gotrue-error.ts';
import type { MfaService } from './mfa.service.ts';

const emailField = z
  .string({ error: 'Unable to validate email address: invalid format' })
  .trim()
  .toLowerCase()
  .pipe(z.email('Unable to validate email address: invalid format'));

/** `data` (user_metadata): any JSON object, as GoTrue keeps it (its size is checked by the service). */
const metadataField = z.record(z.string(), z.unknown(), { error: 'data must be a JSON object' });

const signUpBody = z.object({
  email: emailField,
  password: z
    .string({ error: 'Signup requires a valid password' })
    .min(1, 'Signup requires a valid password'),
  data: metadataField.nullish(),
});

/**
 * What GoTrue answers before it looks at a sign-up's fields: no address nor phone is an anonymous sign-in (off
 * here: 422 anonymous_provider_disabled), a phone number is the phone provider (off), both are refused, and no
 * password is a 422. Then the fields are parsed (an address that is not one is a 400).
 */
function checkSignUpRequest(body: unknown) {
  if (body !== undefined && (typeof body !== 'object' || body === null || Array.isArray(body))) {
    throw new GoTrueError(400, 'bad_json', 'Could not parse request body as JSON: expected an object');
  }
  const fields = (body ?? {}) as Record<string, unknown>;
  const given = (value: unknown) => value !== undefined && value !== null && value !== '';
  if (!given(fields.email) && !given(fields.phone)) {
    throw new GoTrueError(422, 'anonymous_provider_disabled', 'Anonymous sign-ins are disabled');
  }
  if (given(fields.email) && given(fields.phone)) {
    throw validationFailed('Only an email address or phone number should be provided on signup.');
  }
  if (!given(fields.email)) {
    throw new GoTrueError(422, 'phone_provider_disabled', 'Phone signups are disabled');
  }
  if (typeof fields.password !== 'string' || fields.password === '') {
    throw new GoTrueError(422, 'validation_failed', 'Signup requires a valid password');
  }
}

const passwordGrantBody = z.object({
  email: emailField,
  password: z.string().min(1, 'Password is required'),
});
const refreshGrantBody = z.object({ refresh_token: z.string().min(1, 'refresh_token required') });
const recoverBody = z.object({ email: emailField });
const updateUserBody = z.object({
  email: emailField.optional(),
  password: z.string().min(1).optional(),
  current_password: z.string().optional(),
  data: metadataField.nullish(),
});
const verifyQuery = z.object({
  token: z.string().min(1),
  type: z.enum(['signup', 'recovery', 'email_change']),
  redirect_to: z.string().optional(),
});

const enrollBody = z.object({
  factor_type: z.literal('totp', { error: 'factor_type needs to be totp' }),
  friendly_name: z.string().max(120, 'friendly_name is at most 120 characters').optional(),
  issuer: z.string().max(120, 'issuer is at most 120 characters').optional(),
});
const verifyBody = z.object({
  challenge_id: z.uuid('challenge_id must be the id of a challenge'),
  code: z.string({ error: 'code is required' }).min(1, 'code is required').max(40, 'code is too long'),
});
/** A factor id that is not a UUID names no factor (and must not reach the database's uuid column). */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function parse<T extends z.ZodType>(schema: T, value: unknown): z.infer<T> {
  const result = schema.safeParse(value ?? {});
  if (!result.success) throw validationFailed(result.error.issues[0]?.message ?? 'Invalid request');
  return result.data;
}

const client = (request: FastifyRequest) => ({ ip: request.ip, userAgent: request.headers['user-agent'] });

export interface AuthRoutesOptions {
  auth: AuthService;
  mfa: MfaService;
  rateLimitPer5Min: number;
}

/** GoTrue's HTTP surface, as @supabase/auth-js speaks it. */
const authRoutes: FastifyPluginAsync<AuthRoutesOptions> = async (
  fastify,
  { auth, mfa, rateLimitPer5Min },
) => {
  const WINDOW = 300;

  // auth-js sends `content-type: application/json` with no body on logout: an empty body is no body.
  fastify.removeContentTypeParser('application/json');
  fastify.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    if (body === '') return done(null, undefined);
    try {
      done(null, JSON.parse(body as string));
    } catch {
      done(new GoTrueError(400, 'bad_json', 'Could not parse request body as JSON'), undefined);
    }
  });

  fastify.setErrorHandler((error, request, reply) => {
    if (error instanceof GoTrueError) return sendGoTrueError(request, reply, error);
    // A NUL character anywhere in the request (plugins/input-guard.ts): GoTrue's 400 validation_failed.
    if (error instanceof NulCharacterError)
      return sendGoTrueError(request, reply, validationFailed(error.message));
    const status = (error as { statusCode?: number }).statusCode ?? 500;
    if (status < 500)
      return sendGoTrueError(
        request,
        reply,
        new GoTrueError(status, 'bad_request', (error as Error).message),
      );
    request.log.error({ err: error }, 'auth request failed');
    return sendGoTrueError(
      request,
      reply,
      new GoTrueError(500, 'unexpected_failure', 'Unexpected failure, please try again.'),
    );
  });

  // An unknown /auth/v1 path answers in GoTrue's shape too (auth-js reads `msg` / `message`, never `error`).
  fastify.setNotFoundHandler((request, reply) =>
    sendGoTrueError(
      request,
      reply,
      new GoTrueError(404, 'not_found', `No route for ${request.method} ${request.url.split('?')[0]}`),
    ),
  );

  const bearer = { secret: fastify.config.JWT_SECRET, issuer: `${fastify.config.PUBLIC_URL}/auth/v1` };
  async function requireSession(request: FastifyRequest) {
    const check = await checkBearer(fastify.database.db, bearer, request.headers.authorization);
    if (check.ok) {
      // Who acts, for the audit log (as the /v1 routes' authentication sets it).
      request.auth = sessionAuthOf(check.session);
      return check.session;
    }
    if (check.reason === 'missing') throw noAuthorization();
    if (looksLikeApiKey(/^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1] ?? '')) {
      throw new GoTrueError(
        403,
        'api_key_not_allowed',
        'API keys cannot be used for the account: sign in to change your password, e-mail or profile.',
      );
    }
    if (check.reason === 'invalid') throw badJwt();
    throw sessionMissing();
  }

  fastify.get('/settings', async () => ({
    external: { email: true, phone: false, anonymous_users: false },
    disable_signup: false,
    mailer_autoconfirm: false,
    phone_autoconfirm: false,
    sms_provider: '',
    saml_enabled: false,
    site_name: PRODUCT_NAME,
  }));

  fastify.post('/signup', async (request) => {
    await auth.rateLimit('signup', request.ip, rateLimitPer5Min, WINDOW);
    checkSignUpRequest(request.body);
    const body = parse(signUpBody, request.body);
    const query = request.query as { redirect_to?: string };
    return auth.signUp({
      email: body.email,
      password: body.password,
      data: body.data ?? {},
      redirectTo: query.redirect_to,
    });
  });

  fastify.post('/token', async (request) => {
    const { grant_type: grantType } = request.query as { grant_type?: string };
    if (grantType === 'password') {
      await auth.rateLimit('signin', request.ip, rateLimitPer5Min, WINDOW);
      const body = parse(passwordGrantBody, request.body);
      const session = await auth.signInWithPassword(body.email, body.password, client(request));
      audit(request, {
        action: 'session.signed_in',
        summary: 'Signed in with the password',
        actor: { accountId: session.accountId, userId: session.user.id, email: session.user.email },
        details: { user_agent: request.headers['user-agent'] ?? null },
      });
      const { accountId: _account, ...answer } = session;
      return answer;
    }
    if (grantType === 'refresh_token') {
      await auth.rateLimit('refresh', request.ip, rateLimitPer5Min * 5, WINDOW);
      const body = parse(refreshGrantBody, request.body);
      return auth.refresh(body.refresh_token);
    }
    throw new GoTrueError(400, 'unsupported_grant_type', 'unsupported_grant_type');
  });

  fastify.post('/logout', async (request, reply) => {
    const session = await requireSession(request).catch((error: unknown) => {
      // Signing out of a session that is already gone succeeds.
      if (error instanceof GoTrueError && error.code === 'session_not_found') return null;
      throw error;
    });
    if (session) {
      const scope = (request.query as { scope?: string }).scope ?? 'global';
      if (scope !== 'global' && scope !== 'local' && scope !== 'others') {
        throw validationFailed('Unsupported logout scope');
      }
      await auth.logout(session.userId, session.id, scope);
      // This process forgets them at once; the others on the database's notice (SESSIONS_CHANNEL), which may
      // arrive after this answer.
      fastify.services.identity.sessions.forget(`u:${session.userId}`);
    }
    return reply.status(204).send();
  });

  fastify.post('/recover', async (request) => {
    await auth.rateLimit('recover', request.ip, rateLimitPer5Min, WINDOW);
    const body = parse(recoverBody, request.body);
    await auth.recover(body.email, (request.query as { redirect_to?: string }).redirect_to);
    return {};
  });

  /** The audit log's sentence for a sign-in through an e-mail link, by the link's kind. */
  const LINK_SIGN_IN: Record<LinkType, string> = {
    signup: 'Signed in with the link confirming the e-mail address',
    recovery: 'Signed in with a password-reset link',
    email_change: 'Signed in with the link confirming a new e-mail address',
  };

  fastify.get('/verify', async (request, reply) => {
    const raw = request.query as Record<string, string | undefined>;
    const fallback = raw.type === 'recovery' ? '/login' : '/';
    const redirectTo = auth.safeRedirect(raw.redirect_to, fallback);
    const fail = (code: string, description: string) =>
      reply.redirect(
        `${redirectTo}#${new URLSearchParams({ error: 'access_denied', error_code: code, error_description: description })}`,
        303,
      );
    try {
      await auth.rateLimit('verify', request.ip, rateLimitPer5Min, WINDOW);
      const query = verifyQuery.safeParse(raw);
      if (!query.success) return fail('validation_failed', 'Email link is invalid or has expired');
      const session = await auth.verifyLink(query.data.token, query.data.type as LinkType, client(request));
      audit(request, {
        action: 'session.signed_in',
        summary: LINK_SIGN_IN[query.data.type as LinkType],
        actor: { accountId: session.accountId, userId: session.user.id, email: session.user.email },
        details: { user_agent: request.headers['user-agent'] ?? null, link: query.data.type },
      });
      const fragment = new URLSearchParams({
        access_token: session.access_token,
        expires_at: String(session.expires_at),
        expires_in: String(session.expires_in),
        refresh_token: session.refresh_token,
        token_type: session.token_type,
        type: query.data.type,
      });
      return reply.redirect(`${redirectTo}#${fragment}`, 303);
    } catch (error) {
      if (error instanceof GoTrueError) return fail(error.code, error.message);
      throw error;
    }
  });

  fastify.get('/user', async (request) => {
    const { userId } = await requireSession(request);
    return auth.userWithFactors(await auth.getUser(userId));
  });

  fastify.put('/user', async (request) => {
    const session = await requireSession(request);
    const body = parse(updateUserBody, request.body);
    const user = await auth.updateUser(session, { ...body, data: body.data ?? undefined });
    if (body.password !== undefined) {
      audit(request, {
        action: 'password.changed',
        summary: 'Changed the password',
        targetType: 'user',
        targetId: user.id,
      });
    }
    // A new address asked for (the same as the current one changes nothing): its link was sent.
    if (body.email !== undefined && user.emailChange === body.email) {
      audit(request, {
        action: 'email.change_requested',
        summary: `Asked to change the e-mail address to ${user.emailChange}`,
        targetType: 'user',
        targetId: user.id,
        details: { from: user.email, to: user.emailChange },
      });
    }
    return auth.userWithFactors(user);
  });

  // Two-factor sign-in: GoTrue's MFA API (auth-js `mfa.*`), TOTP factors only; recovery codes are ours.
  const factorId = (request: FastifyRequest) => {
    const id = (request.params as { id: string }).id;
    if (!UUID.test(id)) throw new GoTrueError(404, 'mfa_factor_not_found', 'Factor not found');
    return id;
  };

  fastify.post('/factors', async (request) => {
    const session = await requireSession(request);
    await auth.rateLimit('mfa-enroll', session.userId, 20, WINDOW);
    const type = (request.body as { factor_type?: unknown } | undefined)?.factor_type;
    if (type === 'phone')
      throw new GoTrueError(422, 'mfa_phone_enroll_not_enabled', 'MFA enroll is disabled for Phone');
    if (type === 'webauthn') {
      throw new GoTrueError(422, 'mfa_webauthn_enroll_not_enabled', 'MFA enroll is disabled for WebAuthn');
    }
    const body = parse(enrollBody, request.body);
    return mfa.enroll(session, { friendlyName: body.friendly_name, issuer: body.issuer });
  });

  fastify.post('/factors/:id/challenge', async (request) => {
    const session = await requireSession(request);
    await auth.rateLimit('mfa-challenge', session.userId, 60, WINDOW);
    return mfa.challenge(session, factorId(request), request.ip);
  });

  fastify.post('/factors/:id/verify', async (request) => {
    const session = await requireSession(request);
    // Six digits are guessed in a million tries: ten per five minutes for a user, and the address's own limit.
    await auth.rateLimit('mfa-verify', session.userId, 10, WINDOW);
    await auth.rateLimit('mfa-verify-ip', request.ip, rateLimitPer5Min, WINDOW);
    const id = factorId(request);
    const body = parse(verifyBody, request.body);
    const verified = await mfa.verify(
      session,
      id,
      { challengeId: body.challenge_id, code: body.code },
      request.ip,
    );
    if (verified.enabled) {
      audit(request, {
        action: 'two_factor.enabled',
        summary: `Turned on two-factor sign-in with “${verified.factor.friendlyName}”`,
        targetType: 'factor',
        targetId: verified.factor.id,
      });
    }
    return auth.reissue(session.id);
  });

  fastify.delete('/factors/:id', async (request) => {
    const session = await requireSession(request);
    const { factor } = await mfa.unenroll(session, factorId(request));
    if (factor.status === 'verified') {
      audit(request, {
        action: 'two_factor.disabled',
        summary: `Removed “${factor.friendlyName}” from two-factor sign-in`,
        targetType: 'factor',
        targetId: factor.id,
      });
    }
    return { id: factor.id };
  });

  fastify.get('/recovery_codes', async (request) => mfa.recoveryCodeStatus(await requireSession(request)));

  fastify.post('/recovery_codes', async (request) => {
    const codes = await mfa.createRecoveryCodes(await requireSession(request));
    audit(request, { action: 'two_factor.recovery_codes_created', summary: 'Created new recovery codes' });
    return codes;
  });
};

export default authRoutes;
