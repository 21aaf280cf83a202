import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { KEY_MENU } from '@callwise/shared/call-prompt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, signedInUser, type TestApp } from '../../../test/helper.ts';
import { decodeWav, encodeWav, pcmDurationSeconds } from '../../providers/speech/audio.ts';

type PartTiming = { part: string; start: number; end: number };

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
    // The whole call: the disclosure and the menu around the message.
    expect(duration).toBeGreaterThan(6);
    expect(duration).toBeLessThan(30);
  });

  it('plays what the callee hears: the disclosure, the message with the first name, then the menu, each timed', async () => {
    const owner = await signedInUser(t);
    await t.database.executeSql(
      `UPDATE accounts SET name = 'Harbor Dental', disclosure = 'Hello, this is an automated call from {{business_name}}.' WHERE id = $1`,
      [owner.accountId],
    );
    const res = await preview(t, owner.headers, {
      voice: 'aria',
      text: 'Hi {{first_name}}, your cleaning is on {{date}}.',
      variables: { name: 'Maria Lopez', date: 'Friday' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const parts = JSON.parse(String(res.headers['x-audio-parts'])) as PartTiming[];
    expect(parts.map((part) => part.part)).toEqual(['disclosure', 'message', 'menu']);
    expect(parts[0]?.start).toBe(0);
    // In order, a breath apart, and the last one ends with the audio.
    for (const [index, part] of parts.entries()) {
      expect(part.end).toBeGreaterThan(part.start);
      if (index > 0) expect(part.start).toBeGreaterThan(parts[index - 1]?.end ?? 0);
    }
    expect(parts.at(-1)?.end).toBeCloseTo(Number(res.headers['x-audio-duration']), 1);
    // Each part is that text, spoken: the account's disclosure, the message with {{first_name}} filled in, the menu.
    const spoken = async (text: string) => pcmDurationSeconds(await t.services.speech.speak('aria', text));
    const length = (part: PartTiming | undefined) => (part ? part.end - part.start : 0);
    expect(length(parts[0])).toBeCloseTo(
      await spoken('Hello, this is an automated call from Harbor Dental. To stop these calls, press 9.'),
      1,
    );
    expect(length(parts[1])).toBeCloseTo(await spoken('Hi Maria, your cleaning is on Friday.'), 1);
    expect(length(parts[2])).toBeCloseTo(await spoken(KEY_MENU), 1);
  });

  it('is the very audio a call plays when it is answered', async () => {
    const owner = await signedInUser(t);
    const message = 'Hi {{first_name}}, your table for {{party}} is ready.';
    const heard = await preview(t, owner.headers, {
      voice: 'roger',
      text: message,
      variables: { name: 'Sam Ortiz', party: 'four' },
    });
    expect(heard.statusCode, heard.body).toBe(200);
    const call = await t.app.inject({
      method: 'POST',
      url: '/v1/calls',
      headers: owner.headers,
      payload: {
        phone: '+12025550177',
        recipient_name: 'Sam Ortiz',
        message,
        variables: { party: 'four' },
        voice: 'roger',
        scheduled_at: new Date(Date.now() + 86_400_000).toISOString(),
      },
    });
    expect(call.statusCode, call.body).toBe(201);
    expect(call.json().message).toBe('Hi Sam, your table for four is ready.');
    await t.database.executeSql(`UPDATE calls SET provider_call_id = 'preview-test-1' WHERE id = $1`, [
      call.json().id,
    ]);
    const answered = await t.services.engine.host.host.onAnswer('preview-test-1', 'human');
    if (!answered) throw new Error('the call was not found');
    expect(answered.gather).toBe(true);
    // Sample for sample: the preview's WAV is the answered call's audio.
    expect(pcmDurationSeconds(answered.audio)).toBeGreaterThan(5);
    expect(encodeWav(answered.audio).equals(heard.rawPayload)).toBe(true);
  });

  it('has no second menu after a message that offers its own keys', async () => {
    const res = await preview(t, user.headers, {
      voice: 'aria',
      text: 'Hi {{name}}, your cleaning is on Friday. Press 1 to confirm or 2 to cancel.',
    });
    expect(res.statusCode, res.body).toBe(200);
    const parts = JSON.parse(String(res.headers['x-audio-parts'])) as PartTiming[];
    expect(parts.map((part) => part.part)).toEqual(['disclosure', 'message']);
    expect(parts.at(-1)?.end).toBeCloseTo(Number(res.headers['x-audio-duration']), 1);
  });

  it('needs a value for {{last_name}} when the name has one word only', async () => {
    const res = await preview(t, user.headers, {
      voice: 'aria',
      text: 'Good morning {{first_name}} {{last_name}}.',
      variables: { name: 'Cher' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual({
      code: 'validation_failed',
      message: 'The message uses {{last_name}}: give a value for each in variables.',
      details: [{ field: 'variables.last_name', message: 'needs a value (the name has none)' }],
    });
    const given = await preview(t, user.headers, {
      voice: 'aria',
      text: 'Good morning {{first_name}} {{last_name}}.',
      variables: { name: 'Cher', last_name: 'Sarkisian' },
    });
    expect(given.statusCode).toBe(200);
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
    expect(operation.responses['200'].headers['X-Audio-Duration']).toBeDefined();
    expect(operation.responses['200'].headers['X-Audio-Parts']).toBeDefined();
    expect(doc.paths['/v1/voices'].get).toBeDefined();
  });
});

describe('voices with ElevenLabs', () => {
  let t: TestApp;
  let user: Awaited<ReturnType<typeof signedInUser>>;
  let server: Server;
  const seen: Array<{ url: string; headers: IncomingMessage['headers']; body: string }> = [];
  let answer: { status: number; type: string; body: Buffer | string } = { status: 200, type: '', body: '' };

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

  it('speaks each part of the call as call audio (PCM) and joins them, the key staying on the server', async () => {
    // One second of raw 16-bit PCM at 22,050 Hz for every request.
    answer = { status: 200, type: 'audio/pcm', body: Buffer.alloc(22050 * 2, 1) };
    const before = seen.length;
    const res = await preview(t, user.headers, {
      voice: 'charlie',
      text: 'Hi {{first_name}}, thanks for your order.',
      variables: { name: 'Sam Ortiz' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('audio/wav');
    // Three seconds of speech and the two pauses between them.
    expect(Number(res.headers['x-audio-duration'])).toBeCloseTo(3.7, 2);
    expect(JSON.parse(String(res.headers['x-audio-parts']))).toEqual([
      { part: 'disclosure', start: 0, end: 1 },
      { part: 'message', start: 1.3, end: 2.3 },
      { part: 'menu', start: 2.7, end: 3.7 },
    ]);
    const requests = seen.slice(before);
    expect(requests).toHaveLength(3);
    for (const request of requests) {
      expect(request.url).toBe('/v1/text-to-speech/IKne3meq5aSn9XLyUdCD?output_format=pcm_22050');
      expect(request.headers['xi-api-key']).toBe('sk_route_test_key');
    }
    const texts = requests.map((request) => JSON.parse(request.body).text as string);
    expect(texts).toHaveLength(3);
    expect(texts).toContain('Hi Sam, thanks for your order.');
    expect(texts).toContain(KEY_MENU);
    expect(texts).toContainEqual(
      expect.stringMatching(/^This is an automated call from Business \d+\. To stop these calls, press 9\.$/),
    );
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
