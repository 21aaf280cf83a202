import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { VOICE_IDS, VOICES, type VoiceId } from '@callwise/shared/voices';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALL_SAMPLE_RATE, decodeWav, type Pcm, pcmDurationSeconds } from './audio.ts';
import { AudioCache } from './cache.ts';
import { ElevenLabsProvider, vendorMessage } from './elevenlabs.ts';
import { ESPEAK_VOICES, EspeakEngine, EspeakProvider, espeakArguments } from './espeak.ts';
import type { SpeechProvider, SynthesisRequest } from './provider.ts';
import { createSpeechService, SpeechProviderError, SpeechService } from './speech.ts';

const aria = VOICES[0] as (typeof VOICES)[number];
const george = VOICES[5] as (typeof VOICES)[number];
const MESSAGE = 'Hi Maria, this is a reminder of your appointment tomorrow at 3 PM. Press 1 to confirm.';

interface Recorded {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

/** A stand-in for api.elevenlabs.io on a local port. */
async function vendorStub(handler: (req: Recorded, res: ServerResponse) => void) {
  const requests: Recorded[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const recorded = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      requests.push(recorded);
      handler(recorded, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const FAKE_MP3 = Buffer.from([0xff, 0xfb, 0x90, 0x64, ...new Array(413).fill(0)]);

describe('ElevenLabs adapter', () => {
  it('posts the text and model to the voice, with the key and accept headers, and passes the MP3 through', async () => {
    const stub = await vendorStub((_req, res) => {
      res.writeHead(200, { 'content-type': 'audio/mpeg' }).end(FAKE_MP3);
    });
    try {
      const provider = new ElevenLabsProvider({
        apiKey: 'sk_test_key',
        modelId: 'eleven_multilingual_v2',
        baseUrl: `${stub.baseUrl}/`,
      });
      const result = await provider.synthesize({ voice: george, text: 'Hello -there', format: 'preview' });
      expect(result.contentType).toBe('audio/mpeg');
      expect(result.data.equals(FAKE_MP3)).toBe(true);
      const [request] = stub.requests;
      expect(request?.method).toBe('POST');
      expect(request?.url).toBe('/v1/text-to-speech/JBFqnCBsd6RMkjVDRZzb');
      expect(request?.headers['xi-api-key']).toBe('sk_test_key');
      expect(request?.headers.accept).toBe('audio/mpeg');
      expect(request?.headers['content-type']).toBe('application/json');
      expect(JSON.parse(request?.body ?? '')).toEqual({
        text: 'Hello -there',
        model_id: 'eleven_multilingual_v2',
      });
    } finally {
      await stub.close();
    }
  });

  it('asks for pcm_22050 for calls and wraps the raw PCM in a WAV', async () => {
    const raw = Buffer.alloc(2 * 2205);
    for (let i = 0; i < 2205; i++) raw.writeInt16LE(Math.round(8000 * Math.sin(i / 5)), i * 2);
    const stub = await vendorStub((_req, res) => {
      res.writeHead(200, { 'content-type': 'audio/pcm' }).end(raw);
    });
    try {
      const provider = new ElevenLabsProvider({
        apiKey: 'k',
        modelId: 'm1',
        baseUrl: `${stub.baseUrl}/prefix`,
      });
      const result = await provider.synthesize({ voice: aria, text: 'Hi', format: 'pcm' });
      expect(stub.requests[0]?.url).toBe(
        '/prefix/v1/text-to-speech/9BWtsMINqrJLrRacOk9x?output_format=pcm_22050',
      );
      expect(stub.requests[0]?.headers.accept).toMatch(/^audio\/pcm/);
      expect(result.contentType).toBe('audio/wav');
      const pcm = decodeWav(result.data);
      expect(pcm.sampleRate).toBe(22050);
      expect(pcm.samples.length).toBe(2205);
      expect(pcm.samples[10]).toBe(raw.readInt16LE(20));
    } finally {
      await stub.close();
    }
  });

  it("fails with the vendor's message and status, never the key", async () => {
    const stub = await vendorStub((req, res) => {
      const body = req.url.includes('echo')
        ? `bad key sk_secret_value`
        : JSON.stringify({ detail: { status: 'invalid_api_key', message: 'Invalid API key' } });
      res.writeHead(401, { 'content-type': 'application/json' }).end(body);
    });
    try {
      const provider = new ElevenLabsProvider({
        apiKey: 'sk_secret_value',
        modelId: 'm',
        baseUrl: stub.baseUrl,
      });
      const error = await provider.synthesize({ voice: aria, text: 'Hi', format: 'preview' }).catch((e) => e);
      expect(error).toBeInstanceOf(SpeechProviderError);
      expect(error.status).toBe(401);
      expect(error.providerMessage).toBe('Invalid API key');
      expect(error.message).toContain('Invalid API key');
      expect(JSON.stringify({ ...error, message: error.message })).not.toContain('sk_secret_value');

      const echo = new ElevenLabsProvider({
        apiKey: 'sk_secret_value',
        modelId: 'm',
        baseUrl: `${stub.baseUrl}/echo`,
      });
      const echoed = await echo.synthesize({ voice: aria, text: 'Hi', format: 'preview' }).catch((e) => e);
      expect(echoed.providerMessage).toBe('bad key [redacted]');
      expect(echoed.message).not.toContain('sk_secret_value');
    } finally {
      await stub.close();
    }
  });

  it('gives up after the timeout with a SpeechProviderError', async () => {
    const stub = await vendorStub(() => {
      // never answers
    });
    try {
      const provider = new ElevenLabsProvider({
        apiKey: 'k',
        modelId: 'm',
        baseUrl: stub.baseUrl,
        timeoutMs: 200,
      });
      const started = Date.now();
      const error = await provider.synthesize({ voice: aria, text: 'Hi', format: 'preview' }).catch((e) => e);
      expect(error).toBeInstanceOf(SpeechProviderError);
      expect(error.providerMessage).toMatch(/No answer from the voice provider/);
      expect(Date.now() - started).toBeLessThan(5000);
    } finally {
      await stub.close();
    }
  });

  it('reports an unreachable vendor', async () => {
    const closed = await vendorStub(() => undefined);
    await closed.close();
    const provider = new ElevenLabsProvider({ apiKey: 'k', modelId: 'm', baseUrl: closed.baseUrl });
    const error = await provider.synthesize({ voice: aria, text: 'Hi', format: 'preview' }).catch((e) => e);
    expect(error).toBeInstanceOf(SpeechProviderError);
    expect(error.providerMessage).toMatch(/Could not reach the voice provider \(ECONNREFUSED\)/);
  });

  it('reads the usual shapes of vendor errors', () => {
    expect(vendorMessage('{"detail":{"status":"quota_exceeded","message":"Quota exceeded."}}')).toBe(
      'Quota exceeded.',
    );
    expect(vendorMessage('{"detail":"Not found"}')).toBe('Not found');
    expect(vendorMessage('{"detail":[{"loc":["body","text"],"msg":"field required"}]}')).toBe(
      'field required',
    );
    expect(vendorMessage('Bad gateway')).toBe('Bad gateway');
  });
});

describe('espeak-ng', () => {
  const engine = new EspeakEngine();
  const provider = new EspeakProvider(engine);
  const spoken = new Map<VoiceId, Pcm>();

  beforeAll(async () => {
    await engine.warmUp();
    for (const id of VOICE_IDS) {
      const voice = VOICES.find((v) => v.id === id) as (typeof VOICES)[number];
      const result = await provider.synthesize({ voice, text: MESSAGE, format: 'preview' });
      expect(result.contentType).toBe('audio/wav');
      spoken.set(id, decodeWav(result.data));
    }
  }, 60_000);
  afterAll(() => engine.close());

  /** The median pitch of voiced 40 ms frames, by autocorrelation. */
  function medianPitch(pcm: Pcm): number {
    const frame = Math.round(pcm.sampleRate * 0.04);
    const pitches: number[] = [];
    for (let start = 0; start + frame < pcm.samples.length; start += frame) {
      const s = pcm.samples.subarray(start, start + frame);
      let energy = 0;
      for (const x of s) energy += x * x;
      if (energy / frame < 1e6) continue;
      let best = 0;
      let bestLag = 0;
      for (let lag = Math.floor(pcm.sampleRate / 400); lag <= Math.floor(pcm.sampleRate / 60); lag++) {
        let c = 0;
        for (let i = 0; i < frame - lag; i++) c += (s[i] as number) * (s[i + lag] as number);
        if (c / energy > best) {
          best = c / energy;
          bestLag = lag;
        }
      }
      if (best > 0.5) pitches.push(pcm.sampleRate / bestLag);
    }
    pitches.sort((a, b) => a - b);
    return pitches[Math.floor(pitches.length / 2)] ?? 0;
  }

  it('speaks each of the six voices as a 22,050 Hz WAV of plausible length and level', () => {
    for (const id of VOICE_IDS) {
      const pcm = spoken.get(id) as Pcm;
      expect(pcm.sampleRate).toBe(CALL_SAMPLE_RATE);
      // About 15 words: 4 to 12 seconds at 135-195 words per minute, pauses included.
      expect(pcmDurationSeconds(pcm)).toBeGreaterThan(4);
      expect(pcmDurationSeconds(pcm)).toBeLessThan(12);
      let peak = 0;
      for (const sample of pcm.samples) peak = Math.max(peak, Math.abs(sample));
      expect(peak).toBeGreaterThan(20000);
      expect(peak).toBeLessThan(24000);
    }
  });

  it('gives the voices their character: female voices higher, Laura slower, Charlie faster, George lowest', () => {
    const pitch = Object.fromEntries(VOICE_IDS.map((id) => [id, medianPitch(spoken.get(id) as Pcm)]));
    const length = Object.fromEntries(VOICE_IDS.map((id) => [id, pcmDurationSeconds(spoken.get(id) as Pcm)]));
    for (const female of ['aria', 'sarah', 'laura']) {
      for (const male of ['roger', 'charlie', 'george']) {
        expect(pitch[female]).toBeGreaterThan((pitch[male] as number) * 1.3);
      }
    }
    expect(Math.min(...Object.values(pitch))).toBe(pitch.george);
    expect(Math.max(...Object.values(length))).toBe(length.laura);
    expect(Math.min(...Object.values(length))).toBe(length.charlie);
    // No two voices alike
    const signatures = VOICE_IDS.map((id) => `${ESPEAK_VOICES[id].voice}/${ESPEAK_VOICES[id].pitch}`);
    expect(new Set(signatures).size).toBe(6);
  });

  it('speaks text that looks like options instead of obeying it', async () => {
    const plain = decodeWav((await provider.synthesize({ voice: aria, text: 'hello', format: 'pcm' })).data);
    const tricky = decodeWav(
      (await provider.synthesize({ voice: aria, text: '-w /etc/passwd --help -v de hello', format: 'pcm' }))
        .data,
    );
    // Spoken in full: longer than the one word alone, and the same engine voice (nothing was switched).
    expect(pcmDurationSeconds(tricky)).toBeGreaterThan(pcmDurationSeconds(plain) + 1);
    expect(tricky.sampleRate).toBe(CALL_SAMPLE_RATE);
    const nul = decodeWav(
      (await provider.synthesize({ voice: aria, text: 'one\u0000two', format: 'pcm' })).data,
    );
    expect(pcmDurationSeconds(nul)).toBeGreaterThan(0.5);
  });

  it('is repeatable: the same text and voice give the same bytes, runs do not leak into each other', async () => {
    const a = await provider.synthesize({ voice: george, text: 'Repeat after me.', format: 'preview' });
    await provider.synthesize({
      voice: aria,
      text: 'Something else entirely, quite a bit longer.',
      format: 'pcm',
    });
    const b = await provider.synthesize({ voice: george, text: 'Repeat after me.', format: 'preview' });
    expect(a.data.equals(b.data)).toBe(true);
  });

  it('reports a failed run and carries on', async () => {
    const error = await engine.synthesize(['-w', '/no/such/dir/out.wav', '--', 'Hi']).catch((e) => e);
    expect(error).toBeInstanceOf(Error);
    expect(error.message).toMatch(
      /Offline speech synthesis failed: espeak-ng (exited with status|wrote no audio)/,
    );
    const after = await provider.synthesize({ voice: aria, text: 'Still here.', format: 'pcm' });
    expect(pcmDurationSeconds(decodeWav(after.data))).toBeGreaterThan(0.5);
  });

  it('stops a run that takes too long, and starts a fresh thread for the next one', async () => {
    const impatient = new EspeakEngine({ timeoutMs: 5 });
    try {
      await impatient.warmUp();
      const long = 'A long message that takes a while to speak. '.repeat(20);
      await expect(impatient.synthesize(espeakArguments('aria', long))).rejects.toThrow(
        /took longer than 5 ms/,
      );
      await expect(impatient.synthesize(espeakArguments('aria', long))).rejects.toThrow(
        /took longer than 5 ms/,
      );
    } finally {
      await impatient.close();
    }
  }, 30_000);

  it('handles concurrent requests', async () => {
    const texts = Array.from({ length: 6 }, (_, i) => `Message number ${i + 1}.`);
    const results = await Promise.all(
      texts.map((text) => provider.synthesize({ voice: aria, text, format: 'pcm' })),
    );
    for (const result of results) expect(pcmDurationSeconds(decodeWav(result.data))).toBeGreaterThan(0.5);
  });
});

/** A provider that counts its work and answers after a pause. */
function countingProvider(name: 'espeak' | 'elevenlabs' = 'espeak') {
  const calls: SynthesisRequest[] = [];
  const provider: SpeechProvider = {
    name,
    async synthesize(request) {
      calls.push(request);
      await new Promise((resolve) => setTimeout(resolve, 30));
      const samples = new Int16Array(22050).fill(request.text.length);
      const { encodeWav } = await import('./audio.ts');
      return request.format === 'preview' && name === 'elevenlabs'
        ? { data: FAKE_MP3, contentType: 'audio/mpeg' }
        : { data: encodeWav({ samples, sampleRate: 22050 }), contentType: 'audio/wav' };
    },
  };
  return { provider, calls };
}

describe('SpeechService and its cache', () => {
  const dirs: string[] = [];
  const tempDir = () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'callwise-speech-'));
    dirs.push(dir);
    return dir;
  };
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('serves a repeated preview from memory, identical and without synthesizing again', async () => {
    const { provider, calls } = countingProvider();
    const service = new SpeechService(provider, new AudioCache({ dir: null }));
    const first = await service.preview('aria', 'Hello there');
    const second = await service.preview('aria', '  Hello there ');
    expect(first.cached).toBe(false);
    expect(second.cached).toBe(true);
    expect(second.data.equals(first.data)).toBe(true);
    expect(first.durationSeconds).toBeCloseTo(1, 5);
    expect(calls).toHaveLength(1);
    expect(service.stats).toMatchObject({ syntheses: 1, memoryHits: 1, misses: 1 });
    // Another voice, another scope: new audio
    await service.preview('roger', 'Hello there');
    await service.preview('aria', 'Hello there', { scope: 'other-account' });
    expect(calls).toHaveLength(3);
  });

  it('shares one synthesis between concurrent identical requests', async () => {
    const { provider, calls } = countingProvider();
    const service = new SpeechService(provider, new AudioCache({ dir: null }));
    const results = await Promise.all(
      Array.from({ length: 5 }, () => service.preview('sarah', 'Same words')),
    );
    expect(calls).toHaveLength(1);
    for (const result of results) expect(result.data.equals(results[0]?.data as Buffer)).toBe(true);
  });

  it('keeps audio on disk across restarts, as <sha256>.<ext>', async () => {
    const dir = tempDir();
    const first = countingProvider('elevenlabs');
    const service = new SpeechService(first.provider, new AudioCache({ dir }));
    const made = await service.preview('aria', 'Kept on disk');
    await service.speak('aria', 'Kept on disk');
    await service.close();
    const files = readdirSync(dir).sort();
    expect(files).toHaveLength(2);
    for (const file of files) expect(file).toMatch(/^[0-9a-f]{64}\.(mp3|wav)$/);
    const mp3 = files.find((f) => f.endsWith('.mp3')) as string;
    expect(readFileSync(path.join(dir, mp3)).equals(made.data)).toBe(true);

    const second = countingProvider('elevenlabs');
    const restarted = new SpeechService(second.provider, new AudioCache({ dir }));
    const again = await restarted.preview('aria', 'Kept on disk');
    const pcm = await restarted.speak('aria', 'Kept on disk');
    expect(again).toMatchObject({ cached: true, contentType: 'audio/mpeg' });
    expect(again.data.equals(made.data)).toBe(true);
    expect(pcm.samples.length).toBe(22050);
    expect(second.calls).toHaveLength(0);
    expect(restarted.stats.diskHits).toBe(2);
  });

  it('bounds memory by bytes, least recently used out first', async () => {
    const { provider, calls } = countingProvider();
    // Each answer is ~44 KB; room for two.
    const cache = new AudioCache({ dir: null, maxMemoryBytes: 100_000 });
    const service = new SpeechService(provider, cache);
    await service.preview('aria', 'one');
    await service.preview('aria', 'two');
    await service.preview('aria', 'one'); // now most recent
    await service.preview('aria', 'three'); // evicts "two"
    expect(cache.memoryBytes).toBeLessThanOrEqual(100_000);
    expect(calls).toHaveLength(3);
    await service.preview('aria', 'one');
    expect(calls).toHaveLength(3);
    await service.preview('aria', 'two');
    expect(calls).toHaveLength(4);
  });

  it('trims the disk cache to its cap', async () => {
    const dir = tempDir();
    const { provider } = countingProvider();
    const cache = new AudioCache({ dir, maxDiskBytes: 200_000 });
    const service = new SpeechService(provider, cache);
    for (let i = 0; i < 8; i++) {
      await service.speak('aria', `message ${i}`);
      await cache.flush();
    }
    const total = readdirSync(dir).reduce((sum, f) => sum + readFileSync(path.join(dir, f)).length, 0);
    expect(total).toBeLessThanOrEqual(200_000);
  });

  it('does not cache failures', async () => {
    let fail = true;
    const provider: SpeechProvider = {
      name: 'elevenlabs',
      async synthesize() {
        if (fail) throw new SpeechProviderError('Service busy', 503);
        return { data: FAKE_MP3, contentType: 'audio/mpeg' };
      },
    };
    const service = new SpeechService(provider, new AudioCache({ dir: null }));
    await expect(service.preview('aria', 'Hi')).rejects.toBeInstanceOf(SpeechProviderError);
    fail = false;
    await expect(service.preview('aria', 'Hi')).resolves.toMatchObject({ cached: false });
  });

  it('speaks call audio from the offline engine, cached after the preview of the same text', async () => {
    const service = createSpeechService({
      DATA_DIR: tempDir(),
      ELEVENLABS_API_KEY: undefined,
      ELEVENLABS_MODEL_ID: 'eleven_multilingual_v2',
      ELEVENLABS_BASE_URL: 'https://api.elevenlabs.io',
    });
    try {
      expect(service.providerName).toBe('espeak');
      const preview = await service.preview('laura', 'Your order has shipped.');
      expect(preview.contentType).toBe('audio/wav');
      expect(preview.durationSeconds).toBeGreaterThan(1);
      const started = performance.now();
      const pcm = await service.speak('laura', 'Your order has shipped.');
      expect(performance.now() - started).toBeLessThan(50);
      expect(pcm.sampleRate).toBe(CALL_SAMPLE_RATE);
      expect(pcmDurationSeconds(pcm)).toBeCloseTo(preview.durationSeconds as number, 2);
      expect(service.stats.syntheses).toBe(1);
    } finally {
      await service.close();
    }
  }, 30_000);
});
