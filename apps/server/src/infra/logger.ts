import pino from 'pino';

/** What our code needs of a logger: pino's instance fits, and so does a test's quiet stand-in. */
export interface Logger {
  info: (obj: object | string, msg?: string) => void;
  warn: (obj: object, msg: string) => void;
  error: (obj: object, msg: string) => void;
  debug?: (obj: object, msg: string) => void;
}

/** The part a component that only reports problems needs. */
export type ProblemLogger = Pick<Logger, 'warn' | 'error'>;

/*
 * Personal data in logs. Requests are logged with their address, and errors of the database with the query and
 * its values: names, e-mail addresses and phone numbers of contacts would end up in every log line about them.
 * The serializers below keep what a person debugging needs (the path, the names of query parameters, the SQL
 * text, the error's code and stack) and leave the values out.
 */

/** Query parameters whose values never carry personal data or secrets: kept as they are. */
const KEPT_QUERY_PARAMETERS = new Set([
  'limit',
  'cursor',
  'status',
  'grant_type',
  'type',
  'scope',
  'duplicates',
]);

const REDACTED = '[redacted]';
const EMAIL = /[^\s"'<>(),;:@/?&=]+@[^\s"'<>(),;:@/?&=]+\.[a-z]{2,}/gi;
/** International numbers (+1 202 555 0143, +12025550143) and long runs of digits that are not part of an id. */
const PHONE = /\+\d[\d ().-]{5,}\d|(?<![\w-])\d{10,15}(?![\w-])/g;

/** Text with e-mail addresses and phone numbers replaced. */
export function scrubPersonalData(text: string): string {
  return text.replace(EMAIL, '[email]').replace(PHONE, '[phone]');
}

/** A request address for the log: the path (without addresses or numbers), query values left out. */
export function redactUrl(url: string): string {
  const at = url.indexOf('?');
  const path = scrubPersonalData(at === -1 ? url : url.slice(0, at));
  if (at === -1) return path;
  const query = url
    .slice(at + 1)
    .split('&')
    .filter(Boolean)
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = eq === -1 ? pair : pair.slice(0, eq);
      if (!/^[\w.[\]-]{1,64}$/.test(name)) return REDACTED;
      if (eq === -1) return name;
      return KEPT_QUERY_PARAMETERS.has(name) ? pair : `${name}=${REDACTED}`;
    })
    .join('&');
  return `${path}?${query}`;
}

/** Properties of errors that hold the values of a query. */
const VALUE_PROPERTIES = new Set(['params', 'parameters', 'values']);

/**
 * A copy of an error (and its causes) without the values of its query: Drizzle's DrizzleQueryError says
 * "Failed query: <sql>\nparams: <every value>" in its message and stack, and keeps them in `params`.
 */
function withoutQueryValues(error: Error, depth = 0): Error {
  const copy = Object.create(Object.getPrototypeOf(error)) as Error;
  Object.defineProperties(copy, Object.getOwnPropertyDescriptors(error));
  const set = (key: string, value: unknown) =>
    Object.defineProperty(copy, key, {
      value,
      writable: true,
      configurable: true,
      enumerable: key !== 'message' && key !== 'stack',
    });
  const values = (error as unknown as Record<string, unknown>).params;
  const at = error.message.indexOf('\nparams: ');
  if (Array.isArray(values) && at !== -1) {
    const message = `${error.message.slice(0, at)}\nparams: ${REDACTED}`;
    set('message', message);
    if (typeof error.stack === 'string')
      set(
        'stack',
        error.stack.replace(error.message, () => message),
      );
  }
  for (const key of VALUE_PROPERTIES) if (Object.hasOwn(error, key)) set(key, REDACTED);
  if (error.cause instanceof Error && depth < 8) set('cause', withoutQueryValues(error.cause, depth + 1));
  return copy;
}

/** Personal data out of every string of a serialized error: values in messages, details and stacks. */
function scrubSerialized(value: unknown, key = ''): unknown {
  if (typeof value === 'string') {
    let text = value;
    // PostgreSQL names values in its details: Key (account_id, phone)=(…) already exists; Failing row
    // contains (…, Maria Garcia, +12025550143, …).
    if (key === 'detail') text = text.replace(/(=|contains )\(.*\)/g, `$1(${REDACTED})`);
    // …and the value it could not read: invalid input syntax for type uuid: "Jane Doe".
    text = text.replace(/(invalid input (?:syntax|value) for [^:\n]*: )"[^"\n]*"/g, `$1"${REDACTED}"`);
    return scrubPersonalData(text);
  }
  if (Array.isArray(value)) return value.map((item) => scrubSerialized(item));
  if (value && typeof value === 'object') {
    for (const [name, inner] of Object.entries(value)) {
      (value as Record<string, unknown>)[name] = VALUE_PROPERTIES.has(name)
        ? REDACTED
        : scrubSerialized(inner, name);
    }
  }
  return value;
}

type SerializedError = ReturnType<typeof pino.stdSerializers.err>;

/** pino's error serializer, with the values of queries and any e-mail address or phone number left out. */
export function serializeError(error: Error): SerializedError {
  // Anything logged as `err` comes here; only errors are serialized (as pino does).
  if (!(error instanceof Error)) return error as unknown as SerializedError;
  return scrubSerialized(pino.stdSerializers.err(withoutQueryValues(error))) as SerializedError;
}

/** Fastify's request serializer (method, url, host, address), with the url as `redactUrl` writes it. */
export function serializeRequest(request: {
  method: string;
  url: string;
  host?: string;
  ip?: string;
  headers?: Record<string, unknown>;
  socket?: { remotePort?: number };
}) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    version: request.headers?.['accept-version'] as string | undefined,
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** The serializers of every logger of the server (HTTP and the rest). */
export const logSerializers = { req: serializeRequest, err: serializeError };
