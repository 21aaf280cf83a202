import { VOICE_IDS } from '@callwise/shared/voices';
import { createSpeechService } from './speech.ts';

export interface SpeechBenchResult {
  coldMs: { p50: number; p99: number };
  cachedMs: { p50: number; p99: number };
}

const NAMES = ['Maria', 'James', 'Aisha', 'Tomás', 'Wei', 'Olivia', 'Noah', 'Priya', 'Lucas', 'Emma'];
const DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'];

/** Typical call messages (one or two sentences), all different so that none is cached. */
function messages(count: number): string[] {
  return Array.from({ length: count }, (_, i) => {
    const name = NAMES[i % NAMES.length];
    const day = DAYS[i % DAYS.length];
    const time = `${(i % 9) + 1}:${String((i * 7) % 60).padStart(2, '0')} PM`;
    return i % 2 === 0
      ? `Hi ${name}, this is a reminder of your appointment on ${day} at ${time}. Press 1 to confirm or 2 to cancel.`
      : `Hello ${name}, your order number ${1000 + i} is ready for pickup on ${day} after ${time}.`;
  });
}

function percentiles(values: number[]): { p50: number; p99: number } {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] ?? 0;
  const round = (ms: number) => Math.round(ms * 100) / 100;
  return { p50: round(at(0.5)), p99: round(at(0.99)) };
}

/**
 * Voice preview timings of the offline engine, as the API serves them (engine + cache): `cold` for texts never
 * synthesized (after one warm-up), `cached` for the same texts again. Audio is cached under `dataDir`.
 */
export async function benchSpeech(dataDir: string, samples = 30): Promise<SpeechBenchResult> {
  const speech = createSpeechService({
    DATA_DIR: dataDir,
    ELEVENLABS_API_KEY: undefined,
    ELEVENLABS_MODEL_ID: 'eleven_multilingual_v2',
    ELEVENLABS_BASE_URL: 'https://api.elevenlabs.io',
  });
  try {
    await speech.warmUp();
    await speech.preview('aria', 'One warm-up sentence before anything is measured.');
    const texts = messages(samples);
    const voiceFor = (i: number) => VOICE_IDS[i % VOICE_IDS.length] as (typeof VOICE_IDS)[number];
    const time = async (i: number) => {
      const started = performance.now();
      await speech.preview(voiceFor(i), texts[i] as string);
      return performance.now() - started;
    };
    const cold: number[] = [];
    for (let i = 0; i < texts.length; i++) cold.push(await time(i));
    const cached: number[] = [];
    for (let i = 0; i < texts.length; i++) cached.push(await time(i));
    return { coldMs: percentiles(cold), cachedMs: percentiles(cached) };
  } finally {
    await speech.close();
  }
}
