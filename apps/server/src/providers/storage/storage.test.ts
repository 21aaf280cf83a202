import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  createFileStorage,
  createLocalStorage,
  createS3Storage,
  S3Error,
  s3ObjectUrl,
  signV4,
} from './index.ts';
import { assertValidKey, contentTypeForKey } from './storage.ts';

const EMPTY_SHA256 = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';
const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');

describe('file keys', () => {
  it.each(['recordings/acc_1/call-2.wav', 'audio/a.b.mp3', 'x', 'A-Z_0.9/file'])('accepts %j', (key) => {
    expect(() => assertValidKey(key)).not.toThrow();
  });

  it.each([
    ['', /empty/],
    ['recordings/../secrets.wav', /"\.\." is not allowed/],
    ['..', /"\.\." is not allowed/],
    ['a..b.wav', /"\.\." is not allowed/],
    ['/etc/passwd', /absolute paths/],
    ['recordings\\acc\\call.wav', /backslashes/],
    ['recordings/acc/call 1.wav', /only letters, digits/],
    ['recordings/acc/cäll.wav', /only letters, digits/],
    ['recordings/acc/call.wav?x=1', /only letters, digits/],
    ['recordings//call.wav', /empty path segments/],
    ['recordings/acc/', /empty path segments/],
    ['recordings/./call.wav', /start with "\."/],
    ['recordings/.hidden', /start with "\."/],
    ['a'.repeat(1025), /longer than 1024/],
  ])('refuses %j', (key, message) => {
    expect(() => assertValidKey(key)).toThrow(message);
    expect(() => assertValidKey(key)).toThrow(/^Invalid file key/);
  });

  it('derives content types from the extension', () => {
    expect(contentTypeForKey('recordings/a/b.wav')).toBe('audio/wav');
    expect(contentTypeForKey('recordings/a/b.WAV')).toBe('audio/wav');
    expect(contentTypeForKey('audio/b.mp3')).toBe('audio/mpeg');
    expect(contentTypeForKey('audio/b.bin')).toBe('application/octet-stream');
    expect(contentTypeForKey('audio.wav/noext')).toBe('application/octet-stream');
  });
});

describe('local file storage', () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'callwise-files-'));
  });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  const storage = () => createFileStorage({ DATA_DIR: dataDir, S3_REGION: 'us-east-1' });
  const filesIn = (dir: string): string[] =>
    readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
      .sort();

  it('is the default and keeps files under DATA_DIR/files/<key>', async () => {
    const files = storage();
    expect(files.name).toBe('local');
    const data = Buffer.from('RIFF....WAVEfmt fake audio');
    await files.put('recordings/acc1/call1.wav', data, 'audio/wav');
    expect(readFileSync(path.join(dataDir, 'files', 'recordings', 'acc1', 'call1.wav'))).toEqual(data);
    expect(await files.get('recordings/acc1/call1.wav')).toEqual({
      data,
      contentType: 'audio/wav',
      size: data.length,
    });
  });

  it('keeps the content type given on put, and derives it from the extension for files put there by hand', async () => {
    const files = storage();
    await files.put('audio/greeting.bin', Buffer.from([1, 2, 3]), 'audio/L16; rate=8000');
    expect((await files.get('audio/greeting.bin'))?.contentType).toBe('audio/L16; rate=8000');

    mkdirSync(path.join(dataDir, 'files', 'manual'), { recursive: true });
    writeFileSync(path.join(dataDir, 'files', 'manual', 'song.mp3'), 'ID3');
    expect(await files.get('manual/song.mp3')).toEqual({
      data: Buffer.from('ID3'),
      contentType: 'audio/mpeg',
      size: 3,
    });
  });

  it('overwrites, deletes, and treats absent files as null / nothing to do', async () => {
    const files = storage();
    await files.put('recordings/a/b.wav', Buffer.from('one'), 'audio/wav');
    await files.put('recordings/a/b.wav', Buffer.from('two!'), 'audio/wav');
    expect((await files.get('recordings/a/b.wav'))?.data.toString()).toBe('two!');
    await files.delete('recordings/a/b.wav');
    expect(await files.get('recordings/a/b.wav')).toBeNull();
    expect(filesIn(path.join(dataDir, 'files'))).toEqual([]);
    await expect(files.delete('recordings/a/b.wav')).resolves.toBeUndefined();
    await expect(files.delete('never/was.wav')).resolves.toBeUndefined();
    expect(await files.get('never/was.wav')).toBeNull();
    // A directory is not a file.
    await files.put('recordings/a/c.wav', Buffer.from('x'), 'audio/wav');
    expect(await files.get('recordings/a')).toBeNull();
  });

  it('writes atomically: concurrent readers only ever see a whole version, and no temporary file stays', async () => {
    const files = storage();
    const key = 'recordings/acc/big.wav';
    const size = 2 * 1024 * 1024;
    const versions = Array.from({ length: 12 }, (_, index) => Buffer.alloc(size, index + 1));
    await files.put(key, versions[0] as Buffer, 'audio/wav');
    const reads: Promise<unknown>[] = [];
    const writes = versions.map(async (version) => {
      await files.put(key, version, 'audio/wav');
    });
    for (let index = 0; index < 40; index += 1) {
      reads.push(
        files.get(key).then((file) => {
          expect(file).not.toBeNull();
          expect(file?.size).toBe(size);
          const first = file?.data[0];
          expect(file?.data.every((byte) => byte === first)).toBe(true);
        }),
      );
    }
    await Promise.all([...writes, ...reads]);
    expect(filesIn(path.join(dataDir, 'files'))).toEqual([
      path.join('recordings', 'acc', '.big.wav.content-type'),
      path.join('recordings', 'acc', 'big.wav'),
    ]);
  });

  it('leaves the previous file intact and cleans up when a write fails', async () => {
    const files = storage();
    await files.put('recordings/acc/keep.wav', Buffer.from('safe'), 'audio/wav');
    // A non-empty directory where the file should go makes the final rename fail.
    mkdirSync(path.join(dataDir, 'files', 'recordings', 'acc', 'blocked.wav', 'inside'), { recursive: true });
    await expect(files.put('recordings/acc/blocked.wav', Buffer.from('data'), 'audio/wav')).rejects.toThrow();
    expect((await files.get('recordings/acc/keep.wav'))?.data.toString()).toBe('safe');
    const left = readdirSync(path.join(dataDir, 'files', 'recordings', 'acc'));
    expect(left.filter((name) => name.endsWith('.tmp'))).toEqual([]);
  });

  it('refuses bad keys before touching the disk', async () => {
    const files = createLocalStorage(path.join(dataDir, 'files'));
    for (const key of ['../outside.wav', '/tmp/x.wav', 'a\\b.wav', 'a/b c.wav']) {
      await expect(files.put(key, Buffer.from('x'), 'audio/wav')).rejects.toThrow(/^Invalid file key/);
      await expect(files.get(key)).rejects.toThrow(/^Invalid file key/);
      await expect(files.delete(key)).rejects.toThrow(/^Invalid file key/);
    }
    expect(readdirSync(dataDir)).toEqual([]);
  });
});

describe('AWS Signature Version 4', () => {
  it('reproduces the "GET Object" example of the S3 documentation', () => {
    const signed = signV4({
      method: 'GET',
      url: new URL('https://examplebucket.s3.amazonaws.com/test.txt'),
      headers: { Range: 'bytes=0-9' },
      payloadHash: EMPTY_SHA256,
      accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
      secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
      region: 'us-east-1',
      service: 's3',
      date: new Date(Date.UTC(2013, 4, 24, 0, 0, 0)),
    });
    expect(signed.canonicalRequest).toBe(
      [
        'GET',
        '/test.txt',
        '',
        'host:examplebucket.s3.amazonaws.com',
        'range:bytes=0-9',
        `x-amz-content-sha256:${EMPTY_SHA256}`,
        'x-amz-date:20130524T000000Z',
        '',
        'host;range;x-amz-content-sha256;x-amz-date',
        EMPTY_SHA256,
      ].join('\n'),
    );
    expect(signed.stringToSign).toBe(
      [
        'AWS4-HMAC-SHA256',
        '20130524T000000Z',
        '20130524/us-east-1/s3/aws4_request',
        '7344ae5b7ee6c3e7e6b0fe0640412a37625d1fbfff95c48bbb2dc43964946972',
      ].join('\n'),
    );
    expect(signed.signature).toBe('f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41');
    expect(signed.headers).toEqual({
      authorization:
        'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request,' +
        'SignedHeaders=host;range;x-amz-content-sha256;x-amz-date,' +
        'Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
      'x-amz-date': '20130524T000000Z',
      'x-amz-content-sha256': EMPTY_SHA256,
    });
  });
});

describe('S3 object URLs', () => {
  it('uses path-style URLs on a custom endpoint (keeping its path prefix) and virtual-hosted ones on AWS', () => {
    const key = 'recordings/acc/call.wav';
    expect(
      s3ObjectUrl({ endpoint: 'http://127.0.0.1:9000', region: 'auto', bucket: 'media' }, key).href,
    ).toBe('http://127.0.0.1:9000/media/recordings/acc/call.wav');
    expect(
      s3ObjectUrl({ endpoint: 'https://store.example.com/s3/', region: 'x', bucket: 'media' }, key).href,
    ).toBe('https://store.example.com/s3/media/recordings/acc/call.wav');
    expect(s3ObjectUrl({ region: 'eu-west-1', bucket: 'media' }, key).href).toBe(
      'https://media.s3.eu-west-1.amazonaws.com/recordings/acc/call.wav',
    );
    expect(() => s3ObjectUrl({ region: 'eu-west-1', bucket: 'media' }, '../x')).toThrow(/^Invalid file key/);
  });
});

interface SeenRequest {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: Buffer;
  signatureValid: boolean;
}

describe('S3 file storage against a local S3 stand-in', () => {
  const credentials = { accessKeyId: 'AKIDTEST', secretAccessKey: 'test-secret/key+value' };
  const objects = new Map<string, { data: Buffer; contentType: string }>();
  const seen: SeenRequest[] = [];
  let mode: 'normal' | 'forbidden' | 'hang' = 'normal';
  let server: Server;
  let endpoint: string;

  /** Recomputes the signature from what arrived, as S3 does. */
  const verifySignature = (request: IncomingMessage, body: Buffer): boolean => {
    const authorization = String(request.headers.authorization ?? '');
    const match =
      /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request,SignedHeaders=([^,]+),Signature=([0-9a-f]{64})$/.exec(
        authorization,
      );
    if (!match) return false;
    const [, accessKeyId, , region, signedHeaders, signature] = match as unknown as string[];
    const amzDate = String(request.headers['x-amz-date']);
    const date = new Date(
      `${amzDate.slice(0, 4)}-${amzDate.slice(4, 6)}-${amzDate.slice(6, 8)}T${amzDate.slice(9, 11)}:${amzDate.slice(11, 13)}:${amzDate.slice(13, 15)}Z`,
    );
    const names = (signedHeaders ?? '').split(';');
    const headers: Record<string, string> = {};
    for (const name of names) {
      if (!['host', 'x-amz-date', 'x-amz-content-sha256'].includes(name))
        headers[name] = String(request.headers[name]);
    }
    const payloadHash = String(request.headers['x-amz-content-sha256']);
    if (payloadHash !== sha256(body)) return false;
    const expected = signV4({
      method: request.method ?? '',
      url: new URL(`http://${request.headers.host}${request.url}`),
      headers,
      payloadHash,
      accessKeyId: accessKeyId ?? '',
      secretAccessKey: credentials.secretAccessKey,
      region: region ?? '',
      service: 's3',
      date,
    });
    return expected.signature === signature && expected.headers.authorization === authorization;
  };

  const handle = (request: IncomingMessage, response: ServerResponse, body: Buffer) => {
    const signatureValid = verifySignature(request, body);
    seen.push({
      method: request.method ?? '',
      url: request.url ?? '',
      headers: request.headers,
      body,
      signatureValid,
    });
    if (mode === 'hang') return;
    const xmlError = (status: number, code: string, message: string) => {
      response.writeHead(status, { 'content-type': 'application/xml' });
      response.end(
        `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message><RequestId>4442587FB7D0A2F9</RequestId></Error>`,
      );
    };
    if (mode === 'forbidden') return xmlError(403, 'AccessDenied', 'Access Denied &amp; no way in');
    if (!signatureValid) return xmlError(403, 'SignatureDoesNotMatch', 'The signature does not match.');
    const key = request.url ?? '';
    if (request.method === 'PUT') {
      objects.set(key, { data: body, contentType: String(request.headers['content-type']) });
      response.writeHead(200, { etag: `"${createHash('md5').update(body).digest('hex')}"` });
      return response.end();
    }
    if (request.method === 'GET') {
      const object = objects.get(key);
      if (!object) return xmlError(404, 'NoSuchKey', 'The specified key does not exist.');
      response.writeHead(200, { 'content-type': object.contentType, 'content-length': object.data.length });
      return response.end(object.data);
    }
    if (request.method === 'DELETE') {
      objects.delete(key);
      response.writeHead(204);
      return response.end();
    }
    return xmlError(405, 'MethodNotAllowed', 'Nope');
  };

  beforeAll(async () => {
    server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => handle(request, response, Buffer.concat(chunks)));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  beforeEach(() => {
    objects.clear();
    seen.length = 0;
    mode = 'normal';
  });

  const s3 = (timeoutMs?: number) =>
    createS3Storage({
      endpoint,
      region: 'eu-central-1',
      bucket: 'callwise-media',
      ...credentials,
      timeoutMs,
    });

  it('is chosen by createFileStorage when the S3 variables are set', () => {
    const files = createFileStorage({
      DATA_DIR: '/nonexistent',
      S3_ENDPOINT: endpoint,
      S3_REGION: 'eu-central-1',
      S3_BUCKET: 'callwise-media',
      S3_ACCESS_KEY_ID: credentials.accessKeyId,
      S3_SECRET_ACCESS_KEY: credentials.secretAccessKey,
    });
    expect(files.name).toBe('s3');
  });

  it('sends a signed PUT with the body, its hash and the content type', async () => {
    const data = Buffer.from('RIFF fake wav bytes \u0000\u0001\u0002');
    await s3().put('recordings/acc_1/call-1.wav', data, 'audio/wav');
    expect(seen).toHaveLength(1);
    const [put] = seen as [SeenRequest];
    expect(put.method).toBe('PUT');
    expect(put.url).toBe('/callwise-media/recordings/acc_1/call-1.wav');
    expect(put.body).toEqual(data);
    expect(put.headers['content-type']).toBe('audio/wav');
    expect(put.headers['content-length']).toBe(String(data.length));
    expect(put.headers['x-amz-content-sha256']).toBe(sha256(data));
    expect(put.headers['x-amz-date']).toMatch(/^\d{8}T\d{6}Z$/);
    expect(put.headers.host).toBe(new URL(endpoint).host);
    const today = new Date().toISOString().slice(0, 10).replace(/-/g, '');
    expect(put.headers.authorization).toMatch(
      new RegExp(
        `^AWS4-HMAC-SHA256 Credential=AKIDTEST/${today}/eu-central-1/s3/aws4_request,` +
          'SignedHeaders=content-type;host;x-amz-content-sha256;x-amz-date,Signature=[0-9a-f]{64}$',
      ),
    );
    expect(put.signatureValid).toBe(true);
  });

  it('round-trips put, get and delete; get of a missing object is null', async () => {
    const files = s3();
    const data = Buffer.from(Array.from({ length: 5000 }, (_, index) => index % 256));
    await files.put('recordings/acc/call.wav', data, 'audio/wav');
    expect(await files.get('recordings/acc/call.wav')).toEqual({
      data,
      contentType: 'audio/wav',
      size: 5000,
    });
    await files.delete('recordings/acc/call.wav');
    expect(await files.get('recordings/acc/call.wav')).toBeNull();
    await expect(files.delete('recordings/acc/call.wav')).resolves.toBeUndefined();

    const methods = seen.map((request) => `${request.method} ${request.url}`);
    expect(methods).toEqual([
      'PUT /callwise-media/recordings/acc/call.wav',
      'GET /callwise-media/recordings/acc/call.wav',
      'DELETE /callwise-media/recordings/acc/call.wav',
      'GET /callwise-media/recordings/acc/call.wav',
      'DELETE /callwise-media/recordings/acc/call.wav',
    ]);
    for (const request of seen) {
      expect(request.signatureValid).toBe(true);
      if (request.method !== 'PUT') {
        expect(request.body.length).toBe(0);
        expect(request.headers['x-amz-content-sha256']).toBe(EMPTY_SHA256);
        expect(request.headers.authorization).toContain(
          'SignedHeaders=host;x-amz-content-sha256;x-amz-date,',
        );
      }
    }
  });

  it('turns an S3 XML error into an Error with the status, <Code> and <Message>', async () => {
    mode = 'forbidden';
    const files = s3();
    const failure = await files.get('recordings/acc/call.wav').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(S3Error);
    expect((failure as S3Error).status).toBe(403);
    expect((failure as S3Error).code).toBe('AccessDenied');
    expect((failure as S3Error).message).toBe(
      'S3 GET recordings/acc/call.wav failed with HTTP 403 AccessDenied: Access Denied & no way in',
    );
    await expect(files.put('a/b.wav', Buffer.from('x'), 'audio/wav')).rejects.toThrow(
      /HTTP 403 AccessDenied/,
    );
    await expect(files.delete('a/b.wav')).rejects.toThrow(/HTTP 403 AccessDenied/);
  });

  it('gives up after its timeout', async () => {
    mode = 'hang';
    const started = Date.now();
    await expect(s3(300).get('recordings/acc/slow.wav')).rejects.toThrow(
      'S3 GET recordings/acc/slow.wav timed out after 300 ms',
    );
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('reports an unreachable endpoint clearly', async () => {
    const files = createS3Storage({
      endpoint: 'http://127.0.0.1:1',
      region: 'us-east-1',
      bucket: 'b',
      ...credentials,
    });
    await expect(files.get('a/b.wav')).rejects.toThrow(/^S3 GET a\/b\.wav failed: /);
  });

  it('refuses bad keys without sending anything', async () => {
    await expect(s3().put('../x.wav', Buffer.from('x'), 'audio/wav')).rejects.toThrow(/^Invalid file key/);
    expect(seen).toEqual([]);
  });
});
