import { apiErrorSchema } from '@callwise/shared/errors';
import { PRODUCT_NAME } from '@callwise/shared/product';
import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import type { RouteOptions } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { Config } from '../config.ts';
import { AUTH_MESSAGES } from './auth-messages.ts';
import type { OperationExample } from './operation-examples.ts';
import { minimumRole, rolesSentence } from './role-policy.ts';

/** Who may call a group of routes: an API key or a session (the integrator API), or a session only. */
export type Audience = 'integrator' | 'session';

const SECURITY: Record<Audience, Array<Record<string, string[]>>> = {
  integrator: [{ apiKey: [] }, { session: [] }],
  session: [{ session: [] }],
};

/**
 * An onRoute hook for a group of /v1 routes: documents who may call them (security) and the answers every such
 * route can give whatever it does — 401, 403 and 429 (the same `{error}` body as any other error).
 */
export function documentAudience(audience: Audience) {
  return (route: RouteOptions) => {
    const schema = (route.schema ?? {}) as Record<string, unknown>;
    const response = (schema.response ?? {}) as Record<string, unknown>;
    // The role the operation needs at least (decision 035): checked with every request, said in its description.
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const minimum = minimumRole(String(methods[0]).toUpperCase(), route.url);
    route.config = { ...(route.config as object), minimumRole: minimum } as typeof route.config;
    const description = typeof schema.description === 'string' ? `${schema.description}\n\n` : '';
    route.schema = {
      ...schema,
      description: `${description}${rolesSentence(minimum)}`,
      security: SECURITY[audience],
      response: { ...response, 401: apiErrorSchema, 403: apiErrorSchema, 429: apiErrorSchema },
    };
  };
}

/**
 * The key under which a route's examples reach finishDocument: @fastify/swagger copies `x-` keys of a route's schema
 * into its operation, and nothing else of ours.
 */
const EXAMPLES = 'x-callwise-examples';

type Json = Record<string, unknown>;
type Operation = {
  operationId?: string;
  summary?: string;
  description?: string;
  tags?: string[];
  security?: Array<Record<string, string[]>>;
  parameters?: Array<{ name: string; in: string; examples?: Json; schema?: Json; description?: string }>;
  requestBody?: { content: Record<string, { schema?: Json; examples?: Json }> };
  responses: Record<string, { description: string; headers?: Json; content?: Record<string, Json> }>;
  /** The route's examples (`schema.examples`), carried from the route to here; never left in the document. */
  [EXAMPLES]?: readonly OperationExample[];
};

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

const ERROR_DESCRIPTIONS: Record<string, string> = {
  '400': 'The request is invalid: `error.details` lists each invalid field (`field`, `message`).',
  '401': 'No credentials, or an invalid, expired or revoked API key or session.',
  '402':
    'The free trial’s calls are used up (`call_limit_reached`: upgrade to a paid plan at ' +
    '`error.details.upgrade_url`), or the calls beyond the plan would pass the monthly budget ' +
    '(`budget_reached`: raise it in Settings → Billing).',
  '403':
    'Not allowed: the plan does not include API access (`plan_upgrade_required`), the endpoint needs a ' +
    'signed-in session (`session_required`), the user has two-factor sign-in on and the session has not verified a ' +
    'code yet (`mfa_required`), the account requires two-factor sign-in and the member has not set it up ' +
    '(`mfa_enrollment_required`), the caller’s role does not allow the operation (`forbidden_role`: ' +
    '`error.details.required` lists the roles that may), or the plan does not include what was asked for (`forbidden`).',
  '404': 'No such resource in your account (ids of other accounts answer 404 too).',
  '409':
    'Conflicts with the current state (see `error.message`), or the same Idempotency-Key is still running.',
  '413':
    'The request body is too large (`payload_too_large`): over 1 MB, or over the limit the operation names.',
  '414': 'A path parameter is longer than 100 characters (`uri_too_long`).',
  '415':
    'The body is sent in a content type the operation does not read (`unsupported_media_type`): send JSON (or CSV where the operation says so).',
  '422': 'The Idempotency-Key was already used for a different request.',
  '429': 'Too many requests: wait for the number of seconds in Retry-After.',
  '502': 'An outside service (the voice provider or the carrier) failed; try again.',
};

const RATE_LIMIT_HEADERS = {
  'RateLimit-Limit': { $ref: '#/components/headers/RateLimitLimit' },
  'RateLimit-Remaining': { $ref: '#/components/headers/RateLimitRemaining' },
  'RateLimit-Reset': { $ref: '#/components/headers/RateLimitReset' },
};

const errorExample = (code: string, message: string, details?: unknown) => ({
  error: { code, message, ...(details === undefined ? {} : { details }) },
});

/** The errors any authenticated route may answer, with one example each (the tests provoke every one). */
const SHARED_EXAMPLES: Json = {
  unauthorized: {
    summary: 'A revoked or unknown API key',
    value: errorExample('unauthorized', AUTH_MESSAGES.badKey),
  },
  session_invalid: {
    summary: 'An access token that is not valid (or has expired)',
    value: errorExample('unauthorized', AUTH_MESSAGES.invalid),
  },
  rate_limited: {
    summary: 'The 101st request within a minute',
    value: errorExample('rate_limited', AUTH_MESSAGES.tooMany(100, 42), { limit: 100, retry_after: 42 }),
  },
  plan_upgrade_required: {
    summary: 'An API key of a Starter account',
    value: errorExample('plan_upgrade_required', AUTH_MESSAGES.planUpgrade('Starter')),
  },
  session_required: {
    summary: 'An API key where only a signed-in session may act',
    value: errorExample('session_required', AUTH_MESSAGES.sessionRequired),
  },
  mfa_required: {
    summary: 'A session of a user with two-factor sign-in on, before a code was verified in it',
    value: errorExample('mfa_required', AUTH_MESSAGES.mfaRequired),
  },
  mfa_enrollment_required: {
    summary: 'A member without a second factor, in an account that requires one',
    value: errorExample('mfa_enrollment_required', AUTH_MESSAGES.mfaEnrollmentRequired),
  },
  forbidden_role: {
    summary: 'A staff member on an operation for owners and admins',
    value: errorExample('forbidden_role', AUTH_MESSAGES.forbiddenRole('staff', ['owner', 'admin']), {
      role: 'staff',
      required: ['owner', 'admin'],
    }),
  },
  owner_required: {
    summary: 'An admin on an operation for owners',
    value: errorExample('forbidden_role', AUTH_MESSAGES.forbiddenRole('admin', ['owner']), {
      role: 'admin',
      required: ['owner'],
    }),
  },
};

const OVERVIEW = `Schedule AI voice calls, manage contacts and scripts, and follow every call's progress and outcome.

This is the same API the ${PRODUCT_NAME} web app uses. Requests and answers are JSON with snake_case fields.

**Authentication.** Send an API key in the \`Authorization\` header: \`Authorization: Bearer cw_live_…\`. Create
keys in the web app under Settings → API Keys; a key is shown once, only its SHA-256 hash is stored, and a
revoked key stops working at once. API access is included in the free trial, Professional and Enterprise plans
(Starter answers 403 \`plan_upgrade_required\`). Managing keys, billing, the profile and the password needs a
signed-in session (an API key gets 403 \`session_required\`). A user with two-factor sign-in on finishes signing
in with a code (GoTrue's \`/auth/v1/factors/{id}/verify\`); until then their session gets 403 \`mfa_required\`.

**Roles.** An account's members are owners, admins or staff. Each operation's description names the roles that
may call it; another role gets 403 \`forbidden_role\`. An API key acts as an admin (it cannot reach billing).

**Rate limits.** 100 requests per minute per API key (a fixed window that starts with the key's first request),
shared by all our servers. Every answer carries \`RateLimit-Limit\`, \`RateLimit-Remaining\` and
\`RateLimit-Reset\` (seconds until the window ends); over the limit the answer is 429 with \`Retry-After\`.

**Idempotency.** POST requests that create something accept an \`Idempotency-Key\` header (any unique string up to
255 characters, e.g. a UUID). Within 24 hours the same key with the same request replays the first answer (with
\`Idempotent-Replayed: true\`) instead of creating again; the same key with a different request is refused with
422 \`idempotency_key_reused\`; a retry while the first request still runs gets 409 \`idempotency_key_in_use\`.

**Errors.** Every error answers \`{"error": {"code", "message", "details"?}}\` with the HTTP status: 400
\`validation_failed\` (details lists each field), 401, 402 \`call_limit_reached\` or \`budget_reached\`, 403,
404 (also for another account's ids), 409, 413 \`payload_too_large\`, 414 \`uri_too_long\` (a path parameter over 100
characters), 415 \`unsupported_media_type\`, 422, 429. A NUL character (U+0000) anywhere in a request — a field
of the body, a CSV file, the query string, a path parameter — is refused with 400 \`validation_failed\` naming
the field. \`Content-Type: application/json\` with an empty body is read as no body.

**Pagination.** Lists answer \`{"data": [...], "next_cursor"}\`, newest first. Pass \`next_cursor\` as
\`cursor\` for the next page; it is \`null\` on the last page. Pages never skip or repeat an item.

**Webhooks.** Give a call a \`callback_url\` and each of its status changes is POSTed there as JSON,
\`{"type": "call.status_changed", "timestamp", "data": {the call}}\`, signed per Standard Webhooks
(standardwebhooks.com) with your account's secret (Settings → Webhooks): headers \`webhook-id\` (the same on
every retry: use it to skip repeats), \`webhook-timestamp\` (unix seconds) and \`webhook-signature\`
(\`v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<raw body>">\`, keyed with the base64-decoded part after
\`whsec_\`). Answer 2xx within 10 seconds; anything else is retried with growing waits (30 s, 2 min, 10 min,
1 h, 6 h, 12 h, 24 h) and then given up. A call's changes arrive in order. Addresses on loopback, private
networks or cloud metadata are refused. \`GET /v1/calls/{id}/webhook-deliveries\` shows the log.`;

const TAGS = [
  {
    name: 'appointments',
    description:
      'Appointments with your contacts: book, change, confirm, cancel, move. One staff member’s never overlap.',
  },
  { name: 'billing', description: 'The plan and its usage, extra calls, the monthly budget, charges.' },
  { name: 'calls', description: 'Schedule calls, follow their progress, cancel them, get their recordings.' },
  { name: 'campaigns', description: 'One script to many contacts: progress, outcomes, pause, cancel.' },
  { name: 'contacts', description: 'The people you call: add, change, list, import from CSV.' },
  {
    name: 'do-not-call',
    description:
      'Numbers that are never called: add, import, export, remove. Listing a number cancels its waiting calls.',
  },
  {
    name: 'messages',
    description:
      'Text messages (SMS) with your customers: send, list, conversations. Replies STOP, START, HELP, C and R are ' +
      'acted on; a number that replied STOP gets no more texts or calls.',
  },
  { name: 'scripts', description: 'Reusable call texts with {{variables}}.' },
  { name: 'voices', description: 'The synthetic voices and a preview of how a message sounds.' },
  {
    name: 'webhooks',
    description: 'The signing secret of deliveries to callback_url (web app session only), and their log.',
  },
  { name: 'account', description: 'The signed-in user (web app session only).' },
  { name: 'api-keys', description: 'Create, list and revoke API keys (web app session only).' },
  {
    name: 'team',
    description:
      'The account’s members and their roles (owner, admin, staff), invitations by e-mail, and joining through one.',
  },
];

function operationId(method: string, path: string): string {
  const words = path
    .replace(/^\/v1\//, '')
    .split(/[/.-]/)
    .filter(Boolean)
    .map((part) => (part.startsWith('{') ? `by-${part.slice(1, -1)}` : part))
    .flatMap((part) => part.split('-'));
  return [method, ...words]
    .map((word, i) => (i === 0 ? word : word[0]?.toUpperCase() + word.slice(1)))
    .join('');
}

function attachExamples(operation: Operation, examples: readonly OperationExample[]) {
  for (const example of examples) {
    const entry = (value: unknown) => ({ summary: example.summary, value });
    for (const parameter of operation.parameters ?? []) {
      const source =
        parameter.in === 'path'
          ? example.params
          : parameter.in === 'query'
            ? example.query
            : parameter.in === 'header'
              ? example.headers
              : undefined;
      const value = source?.[parameter.name];
      if (value === undefined) continue;
      parameter.examples = { ...parameter.examples, [example.name]: entry(value) };
    }
    if (example.body !== undefined) {
      const media = operation.requestBody?.content['application/json'];
      if (!media) throw new Error(`${example.name}: the operation takes no JSON body`);
      media.examples = { ...media.examples, [example.name]: entry(example.body) };
    }
    const response = operation.responses[String(example.status)];
    if (!response) throw new Error(`${example.name}: the operation does not answer ${example.status}`);
    if (example.response !== undefined) {
      const [type, media] = Object.entries(response.content ?? {})[0] ?? [];
      if (!type || !media) throw new Error(`${example.name}: the ${example.status} answer has no content`);
      media.examples = { ...(media.examples as Json | undefined), [example.name]: entry(example.response) };
    } else {
      // An answer without a body (204, audio, a stream): the request examples carry the status.
      for (const media of Object.values(operation.requestBody?.content ?? {})) {
        const named = media.examples?.[example.name] as Json | undefined;
        if (named) named['x-status'] = example.status;
      }
      for (const parameter of operation.parameters ?? []) {
        const named = parameter.examples?.[example.name] as Json | undefined;
        if (named) named['x-status'] = example.status;
      }
    }
  }
}

/** The answers any operation may give for what it takes: a body (413, 415), a path parameter (414). */
function addInputErrors(operation: Operation) {
  const statuses = [
    ...(operation.requestBody ? ['413', '415'] : []),
    ...((operation.parameters ?? []).some((p) => p.in === 'path') ? ['414'] : []),
  ].filter((status) => !operation.responses[status]);
  if (statuses.length === 0) return;
  // The error body's schema, as the operation documents it for its other errors.
  const documented = Object.entries(operation.responses).find(
    ([status, response]) => status.startsWith('4') && response.content?.['application/json'],
  )?.[1].content?.['application/json'] as { schema?: Json } | undefined;
  if (!documented?.schema) return;
  for (const status of statuses) {
    operation.responses[status] = {
      description: ERROR_DESCRIPTIONS[status] ?? 'Error',
      content: { 'application/json': { schema: structuredClone(documented.schema) } },
    };
  }
}

/**
 * The 403 examples every secured operation shows beyond its audience's: a session still lacking its second factor
 * (or, where the account requires one, a member who has not set one up), and a role the operation does not allow.
 */
function roleAndFactorExamples(method: string, path: string): Json {
  const minimum = minimumRole(method.toUpperCase(), path.replace(/\{(\w+)\}/g, ':$1'));
  const ref = (name: string) => ({ $ref: `#/components/examples/${name}` });
  return {
    mfa_required: ref('mfa_required'),
    ...(method === 'get' && path === '/v1/me'
      ? {}
      : { mfa_enrollment_required: ref('mfa_enrollment_required') }),
    ...(minimum === 'admin' ? { forbidden_role: ref('forbidden_role') } : {}),
    ...(minimum === 'owner' ? { owner_required: ref('owner_required') } : {}),
  };
}

/**
 * The finished document: operation ids, the words of each error status, the rate-limit and idempotency headers,
 * the shared error examples, and the examples each route declares (`schema.examples`, in its module's
 * `<module>.examples.ts`).
 */
export function finishDocument(document: Json): Json {
  const paths = (document.paths ?? {}) as Record<string, Record<string, Operation>>;
  for (const [path, item] of Object.entries(paths)) {
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation) continue;
      operation.operationId ??= operationId(method, path);
      addInputErrors(operation);
      const secured = (operation.security ?? []).length > 0;
      const integrator = secured && operation.security?.some((s) => 'apiKey' in s);
      const idempotent = operation.parameters?.some((p) => p.in === 'header' && p.name === 'idempotency-key');
      for (const [status, response] of Object.entries(operation.responses)) {
        if (response.description === 'Default Response') {
          response.description = ERROR_DESCRIPTIONS[status] ?? (status.startsWith('2') ? 'Success' : 'Error');
        }
        if (secured) response.headers = { ...RATE_LIMIT_HEADERS, ...response.headers };
        if (status === '429') {
          response.headers = {
            ...response.headers,
            'Retry-After': { $ref: '#/components/headers/RetryAfter' },
          };
        }
        if (idempotent && status.startsWith('2')) {
          response.headers = {
            ...response.headers,
            'Idempotent-Replayed': { $ref: '#/components/headers/IdempotentReplayed' },
          };
        }
        const media = response.content?.['application/json'] as { examples?: Json } | undefined;
        if (!secured || !media) continue;
        const shared =
          status === '401'
            ? integrator
              ? 'unauthorized'
              : 'session_invalid'
            : status === '429'
              ? 'rate_limited'
              : status === '403'
                ? integrator
                  ? 'plan_upgrade_required'
                  : 'session_required'
                : null;
        if (shared)
          media.examples = {
            [shared]: { $ref: `#/components/examples/${shared}` },
            ...(status === '403' ? roleAndFactorExamples(method, path) : {}),
            ...media.examples,
          };
      }
      const examples = operation[EXAMPLES] ?? [];
      delete operation[EXAMPLES];
      attachExamples(operation, examples);
    }
  }
  const components = (document.components ?? {}) as Json;
  return {
    ...document,
    info: { ...(document.info as Json), description: OVERVIEW },
    tags: TAGS,
    components: {
      ...components,
      examples: SHARED_EXAMPLES,
      headers: {
        RateLimitLimit: {
          description: 'Requests allowed per minute for this API key (or signed-in user).',
          schema: { type: 'integer' },
        },
        RateLimitRemaining: {
          description: 'Requests left in the current window.',
          schema: { type: 'integer' },
        },
        RateLimitReset: {
          description: 'Seconds until the current window ends and the count starts again.',
          schema: { type: 'integer' },
        },
        RetryAfter: {
          description: 'Seconds to wait before trying again.',
          schema: { type: 'integer' },
        },
        IdempotentReplayed: {
          description:
            '`true` when this is the stored answer of an earlier request with the same Idempotency-Key.',
          schema: { type: 'string', enum: ['true'] },
        },
      },
    },
  };
}

/** @fastify/swagger's options: the /v1 routes only, from their zod schemas, finished as above. */
export function openApiOptions(config: Pick<Config, 'PUBLIC_URL'>): FastifyDynamicSwaggerOptions {
  return {
    openapi: {
      openapi: '3.1.0',
      info: { title: `${PRODUCT_NAME} API`, version: '1.0.0' },
      servers: [{ url: config.PUBLIC_URL, description: `${PRODUCT_NAME}` }],
      components: {
        securitySchemes: {
          apiKey: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'cw_live_…',
            description: 'An API key from Settings → API Keys: `Authorization: Bearer cw_live_…`.',
          },
          session: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'JWT',
            description: 'The access token of a signed-in session of the web app (from /auth/v1/token).',
          },
        },
      },
    },
    transform: (input) => {
      if (!input.url.startsWith('/v1/')) return { schema: { hide: true }, url: input.url };
      const { schema, url } = jsonSchemaTransform(input);
      const { examples, ...rest } = schema as { examples?: readonly OperationExample[] };
      return { schema: examples ? { ...rest, [EXAMPLES]: examples } : rest, url };
    },
    transformObject: (input) => {
      if (!('openapiObject' in input)) throw new Error('OpenAPI 2 is not supported');
      return finishDocument(input.openapiObject as Json) as typeof input.openapiObject;
    },
  };
}
