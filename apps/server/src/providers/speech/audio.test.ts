import { describe, expect, it } from 'vitest';
import {
  CALL_SAMPLE_RATE,
  concatPcm,
  decodeWav,
  dtmfTone,
  encodeWav,
  type Pcm,
  pcmDurationSeconds,
  resample,
  silence,
} from './audio.ts';
import { mp3DurationSeconds } from './mp3.ts';

/** The power of one frequency in the samples (Goertzel), normalized by length. */
function goertzel(samples: Int16Array, sampleRate: number, frequency: number): number {
  const coefficient = 2 * Math.cos((2 * Math.PI * frequency) / sampleRate);
  let previous = 0;
  let beforePrevious = 0;
  for (const sample of samples) {
    const current = sample / 32768 + coefficient * previous - beforePrevious;
    beforePrevious = previous;
    previous = current;
  }
  const power =
    previous * previous + beforePrevious * beforePrevious - coefficient * previous * beforePrevious;
  return power / samples.length;
}

function ramp(length: number, sampleRate = CALL_SAMPLE_RATE): Pcm {
  const samples = new Int16Array(length);
  for (let i = 0; i < length; i++) samples[i] = ((i * 37) % 2000) - 1000;
  return { samples, sampleRate };
}

describe('WAV', () => {
  it('encodes a canonical 44-byte header and decodes back to the same samples', () => {
    const pcm = ramp(1234, 16000);
    const wav = encodeWav(pcm);
    expect(wav.length).toBe(44 + 1234 * 2);
    expect(wav.subarray(0, 4).toString('latin1')).toBe('RIFF');
    expect(wav.readUInt32LE(4)).toBe(36 + 1234 * 2);
    expect(wav.subarray(8, 16).toString('latin1')).toBe('WAVEfmt ');
    expect(wav.readUInt16LE(20)).toBe(1); // PCM
    expect(wav.readUInt16LE(22)).toBe(1); // mono
    expect(wav.readUInt32LE(24)).toBe(16000);
    expect(wav.readUInt16LE(34)).toBe(16);
    expect(wav.readUInt32LE(40)).toBe(1234 * 2);
    const decoded = decodeWav(wav);
    expect(decoded.sampleRate).toBe(16000);
    expect(Array.from(decoded.samples)).toEqual(Array.from(pcm.samples));
  });

  it('decodes from an odd offset inside a larger buffer', () => {
    const wav = encodeWav(ramp(100));
    const holder = new Uint8Array(wav.length + 3);
    holder.set(wav, 3);
    expect(Array.from(decodeWav(holder.subarray(3)).samples)).toEqual(Array.from(ramp(100).samples));
  });

  it('averages stereo down to mono, skips unknown chunks and clamps a placeholder data size', () => {
    const frames = 4;
    const header = Buffer.alloc(12 + 8 + 16 + 8 + 6 + 8);
    let o = 0;
    o = header.write('RIFF', o, 'latin1');
    header.writeUInt32LE(0xffffffff, o);
    o += 4;
    o += header.write('WAVE', o, 'latin1');
    o += header.write('fmt ', o, 'latin1');
    header.writeUInt32LE(16, o);
    header.writeUInt16LE(1, o + 4);
    header.writeUInt16LE(2, o + 6);
    header.writeUInt32LE(8000, o + 8);
    header.writeUInt32LE(8000 * 4, o + 12);
    header.writeUInt16LE(4, o + 16);
    header.writeUInt16LE(16, o + 18);
    o += 20;
    o += header.write('LIST', o, 'latin1');
    header.writeUInt32LE(5, o); // odd size: padded to 6
    o += 4 + 6;
    o += header.write('data', o, 'latin1');
    header.writeUInt32LE(0xffffffff, o); // streaming writers' placeholder
    const body = Buffer.alloc(frames * 4);
    for (let i = 0; i < frames; i++) {
      body.writeInt16LE(1000 * i, i * 4);
      body.writeInt16LE(-200, i * 4 + 2);
    }
    const pcm = decodeWav(Buffer.concat([header, body]));
    expect(pcm.sampleRate).toBe(8000);
    expect(Array.from(pcm.samples)).toEqual([-100, 400, 900, 1400]);
  });

  it('rejects anything that is not 16-bit PCM WAV with a clear message', () => {
    expect(() => decodeWav(new Uint8Array([1, 2, 3]))).toThrow(/Not a WAV file/);
    expect(() => decodeWav(Buffer.from('<html>Service unavailable</html>'))).toThrow(/Not a WAV file/);
    const float = encodeWav(ramp(10));
    float.writeUInt16LE(3, 20); // IEEE float
    float.writeUInt16LE(32, 34);
    expect(() => decodeWav(float)).toThrow(/only 16-bit PCM/);
    expect(() => decodeWav(encodeWav(ramp(10)).subarray(0, 36))).toThrow(/no data chunk/);
  });
});

describe('PCM helpers', () => {
  it('measures durations and makes silence of the right length', () => {
    expect(pcmDurationSeconds(silence(1500))).toBeCloseTo(1.5, 4);
    expect(silence(1000).samples.length).toBe(CALL_SAMPLE_RATE);
    expect(silence(250, 8000).samples.length).toBe(2000);
    expect(silence(0).samples.length).toBe(0);
    expect(silence(-5).samples.length).toBe(0);
    expect(pcmDurationSeconds({ samples: new Int16Array(11025), sampleRate: 22050 })).toBe(0.5);
  });

  it('makes real DTMF: both frequencies of the key and none of the others, at about -6 dBFS', () => {
    const rows = [697, 770, 852, 941];
    const columns = [1209, 1336, 1477, 1633];
    const keys: Record<string, [number, number]> = {
      '1': [697, 1209],
      '5': [770, 1336],
      '9': [852, 1477],
      '0': [941, 1336],
      '*': [941, 1209],
      '#': [941, 1477],
    };
    for (const [key, [low, high]] of Object.entries(keys)) {
      const tone = dtmfTone(key, 200);
      expect(tone.samples.length).toBe(Math.round(0.2 * CALL_SAMPLE_RATE));
      const power = (f: number) => goertzel(tone.samples, tone.sampleRate, f);
      const present = Math.min(power(low), power(high));
      for (const other of [...rows, ...columns].filter((f) => f !== low && f !== high)) {
        expect(present).toBeGreaterThan(power(other) * 50);
      }
      let peak = 0;
      for (const sample of tone.samples) peak = Math.max(peak, Math.abs(sample));
      const dbfs = 20 * Math.log10(peak / 32768);
      expect(dbfs).toBeGreaterThan(-7.5);
      expect(dbfs).toBeLessThan(-5);
    }
    // Other sample rates, and several keys in a row
    const slow = dtmfTone('3', 100, 8000);
    expect(goertzel(slow.samples, 8000, 1477)).toBeGreaterThan(goertzel(slow.samples, 8000, 1336) * 50);
    expect(pcmDurationSeconds(dtmfTone('12', 100))).toBeCloseTo(0.28, 2);
    expect(() => dtmfTone('x', 100)).toThrow(/not a telephone key/);
  });

  it('resamples by linear interpolation to the right length', () => {
    const source = ramp(22050);
    const down = resample(source, 8000);
    expect(down.sampleRate).toBe(8000);
    expect(down.samples.length).toBe(8000);
    expect(pcmDurationSeconds(down)).toBeCloseTo(1, 3);
    const up = resample({ samples: Int16Array.from([0, 100]), sampleRate: 1000 }, 4000);
    expect(Array.from(up.samples)).toEqual([0, 25, 50, 75, 100, 100, 100, 100]);
    expect(resample(source, 22050)).toBe(source);
    expect(resample({ samples: new Int16Array(0), sampleRate: 8000 }, 16000).samples.length).toBe(0);
  });

  it('concatenates parts at one rate, resampling those at another', () => {
    const joined = concatPcm([silence(100, 8000), dtmfTone('5', 100), silence(100, 44100)]);
    expect(joined.sampleRate).toBe(CALL_SAMPLE_RATE);
    expect(pcmDurationSeconds(joined)).toBeCloseTo(0.3, 2);
    expect(concatPcm([], 16000)).toEqual({ samples: new Int16Array(0), sampleRate: 16000 });
  });
});

describe('MP3 duration', () => {
  /** A file of CBR MPEG-1 layer III frames (128 kbit/s, 44.1 kHz) with silent payloads. */
  function mp3(frames: number, id3 = false): Buffer {
    const frameLength = Math.floor((144 * 128000) / 44100); // 417, no padding
    const frame = Buffer.alloc(frameLength);
    frame.set([0xff, 0xfb, 0x90, 0x64]);
    const parts = Array.from({ length: frames }, () => frame);
    if (id3) parts.unshift(Buffer.from([0x49, 0x44, 0x33, 4, 0, 0, 0, 0, 0, 20]), Buffer.alloc(20));
    return Buffer.concat(parts);
  }

  it('adds up the frames, after an ID3 tag', () => {
    expect(mp3DurationSeconds(mp3(100))).toBeCloseTo((100 * 1152) / 44100, 5);
    expect(mp3DurationSeconds(mp3(38, true))).toBeCloseTo((38 * 1152) / 44100, 5);
  });

  it('says null for what is not MPEG audio', () => {
    expect(mp3DurationSeconds(Buffer.from('{"detail":"nope"}'))).toBeNull();
    expect(mp3DurationSeconds(new Uint8Array(0))).toBeNull();
  });
});
