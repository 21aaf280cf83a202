import http from 'node:http';
import https from 'node:https';
import { PRODUCT_NAME } from '@callwise/shared/product';
import {
  callbackUrlProblem,
  checkedLookup,
  ForbiddenAddressError,
  type Resolver,
} from '../../../infra/ssrf.ts';

/** A calendar address that cannot be read: why, in words fit for last_error or a field message. */
export class IcsFetchError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'IcsFetchError';
  }
}

export interface IcsFetchOptions {
  /** WEBHOOK_ALLOW_PRIVATE: loopback and private addresses too (local development, tests). */
  allowPrivate: boolean;
  timeoutMs?: number;
  maxBytes?: number;
  maxRedirects?: number;
  resolve?: Resolver;
}

export const ICS_FETCH_TIMEOUT_MS = 15_000;
export const ICS_MAX_BYTES = 5 * 1024 * 1024;

/** webcal:// (how calendars publish subscriptions) is https:// (http:// for webcal on port 80 is rare). */
export function icsUrlOf(url: string): string {
  return url.trim().replace(/^webcals?:\/\//i, 'https://');
}

/** What is wrong with a calendar address by the webhook rules (scheme, credentials, local addresses), or null. */
export function icsUrlProblem(url: string, allowPrivate: boolean): string | null {
  return callbackUrlProblem(icsUrlOf(url), allowPrivate);
}

/**
 * GETs an ICS calendar: only to addresses the SSRF rules allow (checked at connection time, so DNS rebinding
 * cannot slip through), following up to `maxRedirects` redirects (each one checked again), giving up after
 * `timeoutMs` in all and past `maxBytes`.
 */
export async function fetchIcs(url: string, options: IcsFetchOptions): Promise<string> {
  const timeoutMs = options.timeoutMs ?? ICS_FETCH_TIMEOUT_MS;
  const maxBytes = options.maxBytes ?? ICS_MAX_BYTES;
  const lookup = checkedLookup(options.allowPrivate, options.resolve);
  const deadline = Date.now() + timeoutMs;
  let target = icsUrlOf(url);
  for (let redirects = 0; ; redirects++) {
    const problem = callbackUrlProblem(target, options.allowPrivate);
    if (problem) throw new IcsFetchError(`The calendar address ${problem}.`);
    const answer = await getOnce(target, { lookup, maxBytes, timeoutMs: Math.max(1, deadline - Date.now()) });
    if (answer.location && answer.status >= 300 && answer.status < 400) {
      if (redirects >= (options.maxRedirects ?? 3))
        throw new IcsFetchError('The calendar address redirects too often.');
      target = new URL(answer.location, target).toString();
      continue;
    }
    if (answer.status !== 200)
      throw new IcsFetchError(`The calendar address answered HTTP ${answer.status}.`);
    return answer.body;
  }
}

function getOnce(
  url: string,
  options: { lookup: ReturnType<typeof checkedLookup>; maxBytes: number; timeoutMs: number },
): Promise<{ status: number; location: string | null; body: string }> {
  return new Promise((resolve, reject) => {
    const target = new URL(url);
    const client = target.protocol === 'https:' ? https : http;
    let settled = false;
    const finish = (
      error: Error | null,
      result?: { status: number; location: string | null; body: string },
    ) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (error) reject(error);
      else if (result) resolve(result);
    };
    const request = client.request(
      target,
      {
        method: 'GET',
        headers: { accept: 'text/calendar, */*;q=0.5', 'user-agent': `${PRODUCT_NAME}-Calendar/1.0` },
        lookup: options.lookup as never,
        agent: false,
      },
      (response) => {
        const status = response.statusCode ?? 0;
        const location = typeof response.headers.location === 'string' ? response.headers.location : null;
        if (status !== 200) {
          response.resume();
          finish(null, { status, location, body: '' });
          return;
        }
        const declared = Number(response.headers['content-length']);
        if (Number.isFinite(declared) && declared > options.maxBytes) {
          request.destroy();
          finish(new IcsFetchError(tooLarge(options.maxBytes)));
          return;
        }
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > options.maxBytes) {
            request.destroy();
            finish(new IcsFetchError(tooLarge(options.maxBytes)));
            return;
          }
          chunks.push(chunk);
        });
        response.on('error', (error) => finish(describe(error)));
        response.on('end', () =>
          finish(null, { status, location, body: Buffer.concat(chunks).toString('utf8') }),
        );
      },
    );
    const timer = setTimeout(() => {
      request.destroy();
      finish(
        new IcsFetchError(
          `The calendar address did not answer within ${Math.ceil(options.timeoutMs / 1000)} seconds.`,
        ),
      );
    }, options.timeoutMs);
    request.on('error', (error) => finish(describe(error)));
    request.end();
  });
}

const tooLarge = (maxBytes: number) =>
  `The calendar is larger than ${Math.round(maxBytes / 1024 / 1024)} MB.`;

function describe(error: unknown): IcsFetchError {
  if (error instanceof IcsFetchError) return error;
  if (error instanceof ForbiddenAddressError)
    return new IcsFetchError(`The calendar address ${error.message}.`);
  const err = error as NodeJS.ErrnoException;
  switch (err?.code) {
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return new IcsFetchError('The calendar address’s host name could not be resolved.');
    case 'ECONNREFUSED':
      return new IcsFetchError('The calendar address refused the connection.');
    default:
      return new IcsFetchError(`The calendar could not be read: ${err?.message ?? 'unknown error'}.`);
  }
}
