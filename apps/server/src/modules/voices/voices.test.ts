import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, signedInUser, type TestApp } from '../../../test/helper.ts';
import { decodeWav, pcmDurationSeconds } from '../../providers/speech/audio.ts';

const preview = (t: TestApp, headers: Record<string, string>, payload: object) =>
  t.app.inject({ method: 'POST', url: '/v1/voices/preview', headers, payload });

describe('voices with the offline engine', () => {
  let t: TestApp;
  let user: Awaited<ReturnType<typeof signedInUser>>;
  beforeAll(async () => {
    t = await buildTestApp();
    user = await signedInUser(t);
    await t.services.speech.warmUp();
  }, 60_000);
  afterAll(async () => {
    await t.services.speech.close();
    await t.close();
  });

  it('lists the six voices, all available on the trial, with the engine in use', async () => {
    const res = await t.app.inject({ url: '/v1/voices', headers: user.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      provider: 'espeak',
      data: [
        { id: 'aria', name: 'Aria', gender: 'female', tone: 'professional', available: true },
        { id: 'roger', name: 'Roger', gender: 'male', tone: 'friendly', available: true },
        { id: 'sarah', name: 'Sarah', gender: 'female', tone: 'warm', available: true },
        { id: 'laura', name: 'Laura', gender: 'female', tone: 'calm', available: true },
        { id: 'charlie', name: 'Charlie', gender: 'male', tone: 'energetic', available: true },
        { id: 'george', name: 'George', gender: 'male', tone: 'authoritative', available: true },
      ],
    });
  });

  it("marks voices outside the account's plan as unavailable and refuses to preview them", async () => {
    const starter = await signedInUser(t, { plan: 'starter' });
    const res = await t.app.inject({ url: '/v1/voices', headers: starter.headers });
    expect(res.json().data.map((v: { available: boolean }) => v.available)).toEqual([
      true,
      true,
      true,
      false,
      false,
      false,
    ]);
    const professional = await signedInUser(t, { plan: 'professional' });
    const pro = await t.app.inject({ url: '/v1/voices', headers: professional.headers });
    expect(pro.json().data.filter((v: { available: boolean }) => v.available)).toHaveLength(5);

    const refused = await preview(t, starter.headers, { voice: 'george', text: 'Hello' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatchObject({
      code: 'forbidden',
      message:
        'The George voice is not included in the Starter plan. Choose another voice or upgrade your plan.',
    });
  });

  it('speaks the message with its variables as a WAV, with its duration and caching headers', async () => {
    const res = await preview(t, user.headers, {
      voice: 'Sarah',
      text: 'Hi {{name}}, see you on {{date}}.',
      variables: { date: 'Friday' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('audio/wav');
    expect(res.headers['cache-control']).toBe('private, max-age=3600');
    const pcm = decodeWav(res.rawPayload);
    expect(pcm.sampleRate).toBe(22050);
    const duration = Number(res.headers['x-audio-duration']);
    expect(res.headers['x-audio-duration']).toMatch(/^\d+\.\d\d$/);
    expect(duration).toBeCloseTo(pcmDurationSeconds(pcm), 2);
    expect(duration).toBeGreaterThan(1);
    expect(duration).toBeLessThan(6);
  });

  it('serves a second identical preview from the cache, byte for byte', async () => {
    const payload = {
      voice: 'roger',
      text: 'Your table for {{party}} is ready.',
      variables: { party: 'four' },
    };
    const first = await preview(t, user.headers, payload);
    const before = t.services.speech.stats.syntheses;
    const started = performance.now();
    const second = await preview(t, user.headers, payload);
    const elapsed = performance.now() - started;
    expect(second.statusCode).toBe(200);
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(t.services.speech.stats.syntheses).toBe(before);
    expect(elapsed).toBeLessThan(200);
  });

  it('needs a value for every variable but {{name}}', async () => {
    const res = await preview(t, user.headers, {
      voice: 'aria',
      text: 'See you {{date}} at {{time}}, {{name}}.',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual({
      code: 'validation_failed',
      message: 'The message uses {{date}}, {{time}}: give a value for each in variables.',
      details: [
        { field: 'variables.date', message: 'needs a value' },
        { field: 'variables.time', message: 'needs a value' },
      ],
    });
  });

  it('refuses a blank message with the preview wording, and an unknown voice', async () => {
    const blank = await preview(t, user.headers, { voice: 'aria', text: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error.code).toBe('validation_failed');
    expect(blank.json().error.message).toContain('Please enter a message to generate voice preview.');
    const unknown = await preview(t, user.headers, { voice: 'hal', text: 'Hello' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.details[0].field).toBe('voice');
  });

  it('needs a signed-in caller', async () => {
    expect((await t.app.inject({ url: '/v1/voices' })).statusCode).toBe(401);
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/voices/preview',
      payload: { voice: 'aria', text: 'Hello' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('unauthorized');
  });

  it('documents the preview as binary audio in the OpenAPI document', async () => {
    const doc = (await t.app.inject('/v1/openapi.json')).json();
    const operation = doc.paths['/v1/voices/preview'].post;
    expect(operation.responses['200'].content['audio/wav'].schema).toEqual({
      type: 'string',
      format: 'binary',
    });
    expect(operation.responses['200'].content['audio/mpeg']).toBeDefined();
    expect(operation.responses['200'].headers['X-Audio-Duration']).toBeDefined();
    expect(doc.paths['/v1/voices'].get).toBeDefined();
  });
});

describe('voices with ElevenLabs', () => {
  let t: TestApp;
  let user: Awaited<ReturnType<typeof signedInUser>>;
  let server: Server;
  const seen: Array<{ url: string; headers: IncomingMessage['headers']; body: string }> = [];
  let answer: { status: number; type: string; body: Buffer | string } = { status: 200, type: '', body: '' };
  const MP3 = Buffer.concat(
    Array.from({ length: 50 }, () => Buffer.from([0xff, 0xfb, 0x90, 0x64, ...new Array(413).fill(7)])),
  );

  beforeAll(async () => {
    server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        seen.push({ url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString() });
        res.writeHead(answer.status, { 'content-type': answer.type }).end(answer.body);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    t = await buildTestApp({
      env: { ELEVENLABS_API_KEY: 'sk_route_test_key', ELEVENLABS_BASE_URL: `http://127.0.0.1:${port}` },
    });
    user = await signedInUser(t);
  });
  afterAll(async () => {
    await t.close();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('reports the provider in the voice list', async () => {
    const res = await t.app.inject({ url: '/v1/voices', headers: user.headers });
    expect(res.json().provider).toBe('elevenlabs');
  });

  it('passes the MP3 through with its duration, the key staying on the server', async () => {
    answer = { status: 200, type: 'audio/mpeg', body: MP3 };
    const res = await preview(t, user.headers, {
      voice: 'charlie',
      text: 'Hi {{name}}, thanks for your order.',
      variables: { name: 'Sam' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('audio/mpeg');
    expect(res.rawPayload.equals(MP3)).toBe(true);
    expect(Number(res.headers['x-audio-duration'])).toBeCloseTo((50 * 1152) / 44100, 2);
    const request = seen.at(-1);
    expect(request?.url).toBe('/v1/text-to-speech/IKne3meq5aSn9XLyUdCD');
    expect(request?.headers['xi-api-key']).toBe('sk_route_test_key');
    expect(JSON.parse(request?.body ?? '{}')).toEqual({
      text: 'Hi Sam, thanks for your order.',
      model_id: 'eleven_multilingual_v2',
    });
    expect(JSON.stringify(res.headers)).not.toContain('sk_route_test_key');
  });

  it("answers 502 with the vendor's message and a hint about the key", async () => {
    answer = {
      status: 401,
      type: 'application/json',
      body: JSON.stringify({ detail: { status: 'invalid_api_key', message: 'Invalid API key' } }),
    };
    const res = await preview(t, user.headers, { voice: 'aria', text: 'A message never heard before.' });
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({
      error: {
        code: 'voice_provider_error',
        message:
          'Failed to generate voice preview: Invalid API key. Check the voice provider API key (ELEVENLABS_API_KEY) on the server.',
      },
    });
    expect(res.body).not.toContain('sk_route_test_key');
  });
});
