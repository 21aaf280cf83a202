import { createHash, createHmac } from 'node:crypto';
import { fetchFailureReason } from '../../util/fetch-failure.ts';
import { assertValidKey, contentTypeForKey, type FileStorage, normalizeContentType } from './storage.ts';

export interface S3StorageOptions {
  /** An S3-compatible endpoint (MinIO, R2, …): path-style URLs `${endpoint}/${bucket}/${key}`. */
  endpoint?: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Per request, headers and body included. Default 30 s. */
  timeoutMs?: number;
}

/** An S3 request that failed: the HTTP status and S3's XML error <Code>/<Message> when it sent one. */
export class S3Error extends Error {
  constructor(
    message: string,
    readonly status: number | undefined,
    readonly code: string | undefined,
  ) {
    super(message);
    this.name = 'S3Error';
  }
}

const DEFAULT_TIMEOUT_MS = 30_000;
const ALGORITHM = 'AWS4-HMAC-SHA256';

/**
 * Objects in an S3-compatible bucket through the REST API (PUT/GET/DELETE Object), signed with AWS
 * Signature Version 4 (header-based, signed payload).
 */
export function createS3Storage(options: S3StorageOptions): FileStorage {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const send = async (method: 'PUT' | 'GET' | 'DELETE', key: string, body?: Buffer, contentType?: string) => {
    const url = s3ObjectUrl(options, key);
    const payload = body ?? Buffer.alloc(0);
    const headers: Record<string, string> = {};
    if (body) headers['content-type'] = contentType ?? contentTypeForKey(key);
    const signed = signV4({
      method,
      url,
      headers,
      payloadHash: sha256Hex(payload),
      accessKeyId: options.accessKeyId,
      secretAccessKey: options.secretAccessKey,
      region: options.region,
      service: 's3',
      date: new Date(),
    });
    const signal = AbortSignal.timeout(timeoutMs);
    try {
      const response = await fetch(url, {
        method,
        headers: { ...headers, ...signed.headers },
        body: body ? new Uint8Array(body.buffer, body.byteOffset, body.byteLength) : undefined,
        redirect: 'manual',
        signal,
      });
      // Read the whole body under the same timeout, so a stalled transfer cannot hang the caller.
      const data = Buffer.from(await response.arrayBuffer());
      return { response, data };
    } catch (error) {
      if (signal.aborted) {
        throw new S3Error(`S3 ${method} ${key} timed out after ${timeoutMs} ms`, undefined, 'Timeout');
      }
      const reason = fetchFailureReason(error);
      throw new S3Error(`S3 ${method} ${key} failed: ${reason}`, undefined, undefined);
    }
  };

  const failure = (method: string, key: string, status: number, body: Buffer): S3Error => {
    const { code, message } = parseS3Error(body.toString('utf8'));
    const detail = [code, message].filter(Boolean).join(': ');
    return new S3Error(
      `S3 ${method} ${key} failed with HTTP ${status}${detail ? ` ${detail}` : ''}`,
      status,
      code,
    );
  };

  return {
    name: 's3',

    async put(key, data, contentType) {
      const { response, data: body } = await send('PUT', key, data, normalizeContentType(contentType, key));
      if (!response.ok) throw failure('PUT', key, response.status, body);
    },

    async get(key) {
      const { response, data } = await send('GET', key);
      if (response.status === 404) return null;
      if (!response.ok) throw failure('GET', key, response.status, data);
      const contentType = normalizeContentType(response.headers.get('content-type') ?? undefined, key);
      return { data, contentType, size: data.length };
    },

    async delete(key) {
      const { response, data } = await send('DELETE', key);
      // S3 answers 204 whether or not the object existed; some compatible stores answer 404.
      if (!response.ok && response.status !== 404) throw failure('DELETE', key, response.status, data);
    },
  };
}

/**
 * The object's URL: path-style `${endpoint}/${bucket}/${key}` when an endpoint is set (a path prefix on the
 * endpoint is kept), else virtual-hosted `https://${bucket}.s3.${region}.amazonaws.com/${key}`.
 */
export function s3ObjectUrl(
  options: Pick<S3StorageOptions, 'endpoint' | 'region' | 'bucket'>,
  key: string,
): URL {
  assertValidKey(key);
  const encodedKey = key.split('/').map(uriEncode).join('/');
  if (options.endpoint) {
    const base = new URL(options.endpoint);
    const prefix = base.pathname.replace(/\/+$/, '');
    return new URL(`${base.origin}${prefix}/${uriEncode(options.bucket)}/${encodedKey}`);
  }
  return new URL(`https://${options.bucket}.s3.${options.region}.amazonaws.com/${encodedKey}`);
}

export interface SigV4Request {
  method: string;
  /** Path already URI-encoded the S3 way (each segment once); it is used as is for the canonical URI. */
  url: URL;
  /** Headers to sign besides host, x-amz-date and x-amz-content-sha256 (names in any case). */
  headers: Record<string, string>;
  /** Hex SHA-256 of the body (or UNSIGNED-PAYLOAD). */
  payloadHash: string;
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  service: string;
  date: Date;
}

export interface SigV4Result {
  /** The headers to send with the request: authorization, x-amz-date, x-amz-content-sha256. */
  headers: { authorization: string; 'x-amz-date': string; 'x-amz-content-sha256': string };
  canonicalRequest: string;
  stringToSign: string;
  signature: string;
}

/** AWS Signature Version 4 for a request sent with the Authorization header. */
export function signV4(request: SigV4Request): SigV4Result {
  const amzDate = request.date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
  const day = amzDate.slice(0, 8);
  const scope = `${day}/${request.region}/${request.service}/aws4_request`;

  const all = new Map<string, string>();
  for (const [name, value] of Object.entries(request.headers)) {
    all.set(name.toLowerCase(), value.trim().replace(/\s+/g, ' '));
  }
  all.set('host', request.url.host);
  all.set('x-amz-date', amzDate);
  all.set('x-amz-content-sha256', request.payloadHash);
  const names = [...all.keys()].sort();
  const signedHeaders = names.join(';');

  const canonicalRequest = [
    request.method.toUpperCase(),
    request.url.pathname || '/',
    canonicalQuery(request.url),
    ...names.map((name) => `${name}:${all.get(name)}`),
    '',
    signedHeaders,
    request.payloadHash,
  ].join('\n');
  const stringToSign = [ALGORITHM, amzDate, scope, sha256Hex(canonicalRequest)].join('\n');

  const kDate = hmac(`AWS4${request.secretAccessKey}`, day);
  const kRegion = hmac(kDate, request.region);
  const kService = hmac(kRegion, request.service);
  const kSigning = hmac(kService, 'aws4_request');
  const signature = createHmac('sha256', kSigning).update(stringToSign, 'utf8').digest('hex');

  return {
    headers: {
      authorization: `${ALGORITHM} Credential=${request.accessKeyId}/${scope},SignedHeaders=${signedHeaders},Signature=${signature}`,
      'x-amz-date': amzDate,
      'x-amz-content-sha256': request.payloadHash,
    },
    canonicalRequest,
    stringToSign,
    signature,
  };
}

/** URI-encodes one path segment or query component as SigV4 requires (RFC 3986 unreserved kept). */
export function uriEncode(value: string): string {
  return encodeURIComponent(value).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

function canonicalQuery(url: URL): string {
  return [...url.searchParams]
    .map(([name, value]) => [uriEncode(name), uriEncode(value)] as const)
    .sort(([a, av], [b, bv]) => (a === b ? (av < bv ? -1 : av > bv ? 1 : 0) : a < b ? -1 : 1))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
}

function sha256Hex(data: string | Buffer): string {
  return createHash('sha256').update(data).digest('hex');
}

function hmac(key: string | Buffer, data: string): Buffer {
  return createHmac('sha256', key).update(data, 'utf8').digest();
}

const XML_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** The <Code> and <Message> of an S3 XML error body (either may be missing). */
export function parseS3Error(xml: string): { code?: string; message?: string } {
  const field = (name: string) => {
    const match = new RegExp(`<${name}>([\\s\\S]*?)</${name}>`).exec(xml);
    if (!match?.[1]) return undefined;
    return match[1]
      .replace(/&(amp|lt|gt|quot|apos);/g, (_, entity: string) => XML_ENTITIES[entity] ?? '')
      .trim()
      .slice(0, 500);
  };
  return { code: field('Code'), message: field('Message') };
}
