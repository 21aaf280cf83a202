import { endianness } from 'node:os';

/** Mono 16-bit PCM audio. */
export interface Pcm {
  samples: Int16Array;
  sampleRate: number;
}

/** The sample rate of call audio (the offline engine's native rate, and ElevenLabs' `pcm_22050`). */
export const CALL_SAMPLE_RATE = 22050;

const LITTLE_ENDIAN_HOST = endianness() === 'LE';
const WAV_HEADER_BYTES = 44;
const FORMAT_PCM = 1;
const FORMAT_EXTENSIBLE = 0xfffe;

function fourCc(view: DataView, offset: number): string {
  return String.fromCharCode(
    view.getUint8(offset),
    view.getUint8(offset + 1),
    view.getUint8(offset + 2),
    view.getUint8(offset + 3),
  );
}

/**
 * Reads a RIFF/WAVE file of 16-bit PCM (any number of channels, averaged down to mono). Chunk sizes written as
 * placeholders by streaming writers (larger than the file) are clamped to the bytes present. Anything else
 * throws an Error saying what was found.
 */
export function decodeWav(data: Uint8Array): Pcm {
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  if (data.byteLength < 12 || fourCc(view, 0) !== 'RIFF' || fourCc(view, 8) !== 'WAVE') {
    throw new Error('Not a WAV file: the RIFF/WAVE header is missing.');
  }
  let format: { audioFormat: number; channels: number; sampleRate: number; bits: number } | null = null;
  let offset = 12;
  while (offset + 8 <= data.byteLength) {
    const id = fourCc(view, offset);
    const declared = view.getUint32(offset + 4, true);
    const body = offset + 8;
    const size = Math.min(declared, data.byteLength - body);
    if (id === 'fmt ') {
      if (size < 16) throw new Error('Invalid WAV file: the fmt chunk is too short.');
      let audioFormat = view.getUint16(body, true);
      if (audioFormat === FORMAT_EXTENSIBLE && size >= 26) audioFormat = view.getUint16(body + 24, true);
      format = {
        audioFormat,
        channels: view.getUint16(body + 2, true),
        sampleRate: view.getUint32(body + 4, true),
        bits: view.getUint16(body + 14, true),
      };
    } else if (id === 'data') {
      if (!format) throw new Error('Invalid WAV file: the data chunk comes before the fmt chunk.');
      if (format.audioFormat !== FORMAT_PCM || format.bits !== 16) {
        throw new Error(
          `Unsupported WAV encoding (format ${format.audioFormat}, ${format.bits}-bit): only 16-bit PCM is supported.`,
        );
      }
      if (format.channels < 1 || format.sampleRate < 1) {
        throw new Error('Invalid WAV file: zero channels or a zero sample rate.');
      }
      const frameBytes = 2 * format.channels;
      const frames = Math.floor(size / frameBytes);
      const samples = new Int16Array(frames);
      if (format.channels === 1 && LITTLE_ENDIAN_HOST) {
        new Uint8Array(samples.buffer).set(data.subarray(body, body + frames * 2));
      } else if (format.channels === 1) {
        for (let i = 0; i < frames; i++) samples[i] = view.getInt16(body + i * 2, true);
      } else {
        for (let i = 0; i < frames; i++) {
          let sum = 0;
          for (let c = 0; c < format.channels; c++) sum += view.getInt16(body + i * frameBytes + c * 2, true);
          samples[i] = Math.round(sum / format.channels);
        }
      }
      return { samples, sampleRate: format.sampleRate };
    }
    offset = body + declared + (declared % 2);
  }
  throw new Error(format ? 'Invalid WAV file: no data chunk.' : 'Invalid WAV file: no fmt chunk.');
}

/** A canonical 44-byte-header WAV file of the audio (mono, 16-bit PCM). */
export function encodeWav(pcm: Pcm): Buffer {
  const dataBytes = pcm.samples.length * 2;
  const out = Buffer.alloc(WAV_HEADER_BYTES + dataBytes);
  out.write('RIFF', 0, 'ascii');
  out.writeUInt32LE(36 + dataBytes, 4);
  out.write('WAVE', 8, 'ascii');
  out.write('fmt ', 12, 'ascii');
  out.writeUInt32LE(16, 16);
  out.writeUInt16LE(FORMAT_PCM, 20);
  out.writeUInt16LE(1, 22);
  out.writeUInt32LE(pcm.sampleRate, 24);
  out.writeUInt32LE(pcm.sampleRate * 2, 28);
  out.writeUInt16LE(2, 32);
  out.writeUInt16LE(16, 34);
  out.write('data', 36, 'ascii');
  out.writeUInt32LE(dataBytes, 40);
  if (LITTLE_ENDIAN_HOST) {
    out.set(
      new Uint8Array(pcm.samples.buffer, pcm.samples.byteOffset, pcm.samples.byteLength),
      WAV_HEADER_BYTES,
    );
  } else {
    for (let i = 0; i < pcm.samples.length; i++) {
      out.writeInt16LE(pcm.samples[i] as number, WAV_HEADER_BYTES + i * 2);
    }
  }
  return out;
}

const samplesFor = (ms: number, sampleRate: number) => Math.max(0, Math.round((ms * sampleRate) / 1000));

export function silence(ms: number, sampleRate: number = CALL_SAMPLE_RATE): Pcm {
  return { samples: new Int16Array(samplesFor(ms, sampleRate)), sampleRate };
}

/** The (row, column) frequencies of each telephone key. */
const DTMF: Record<string, [number, number]> = {
  '1': [697, 1209],
  '2': [697, 1336],
  '3': [697, 1477],
  A: [697, 1633],
  '4': [770, 1209],
  '5': [770, 1336],
  '6': [770, 1477],
  B: [770, 1633],
  '7': [852, 1209],
  '8': [852, 1336],
  '9': [852, 1477],
  C: [852, 1633],
  '*': [941, 1209],
  '0': [941, 1336],
  '#': [941, 1477],
  D: [941, 1633],
};
/** Each of the two sines at a quarter of full scale: the pair peaks at half scale, about -6 dBFS. */
const DTMF_AMPLITUDE = 0.25 * 32767;
const DTMF_FADE_MS = 4;
/** The pause between the keys of a multi-key string. */
const DTMF_GAP_MS = 80;

/**
 * The dual tone of a telephone key (0-9, *, #, A-D) lasting `ms`, with a few milliseconds of fade at each end so
 * that it does not click. A string of several keys gives one tone of `ms` each, 80 ms apart.
 */
export function dtmfTone(digit: string, ms: number, sampleRate: number = CALL_SAMPLE_RATE): Pcm {
  const keys = [...digit.toUpperCase()];
  if (keys.length === 0) throw new Error('dtmfTone needs a key (0-9, *, #).');
  if (keys.length > 1) {
    const parts = keys.flatMap((key, i) => [
      ...(i > 0 ? [silence(DTMF_GAP_MS, sampleRate)] : []),
      dtmfTone(key, ms, sampleRate),
    ]);
    return concatPcm(parts, sampleRate);
  }
  const pair = DTMF[keys[0] as string];
  if (!pair) throw new Error(`"${digit}" is not a telephone key (0-9, *, #, A-D).`);
  const [low, high] = pair;
  const count = samplesFor(ms, sampleRate);
  const fade = Math.min(Math.floor(count / 2), samplesFor(DTMF_FADE_MS, sampleRate));
  const samples = new Int16Array(count);
  const wLow = (2 * Math.PI * low) / sampleRate;
  const wHigh = (2 * Math.PI * high) / sampleRate;
  for (let i = 0; i < count; i++) {
    const envelope = fade > 0 ? Math.min(1, i / fade, (count - 1 - i) / fade) : 1;
    samples[i] = Math.round(DTMF_AMPLITUDE * envelope * (Math.sin(wLow * i) + Math.sin(wHigh * i)));
  }
  return { samples, sampleRate };
}

/** The audio at another sample rate, by linear interpolation. The same object when the rate already matches. */
export function resample(pcm: Pcm, sampleRate: number): Pcm {
  if (!(sampleRate > 0)) throw new Error(`Invalid sample rate: ${sampleRate}`);
  if (pcm.sampleRate === sampleRate) return pcm;
  const input = pcm.samples;
  const length = Math.round((input.length * sampleRate) / pcm.sampleRate);
  const samples = new Int16Array(length);
  if (input.length === 0) return { samples, sampleRate };
  const step = pcm.sampleRate / sampleRate;
  const last = input.length - 1;
  for (let i = 0; i < length; i++) {
    const position = i * step;
    const index = Math.min(Math.floor(position), last);
    const next = Math.min(index + 1, last);
    const fraction = position - index;
    const a = input[index] as number;
    const b = input[next] as number;
    samples[i] = Math.round(a + (b - a) * fraction);
  }
  return { samples, sampleRate };
}

/** The parts one after another, each resampled to `sampleRate` first. */
export function concatPcm(parts: Pcm[], sampleRate: number = CALL_SAMPLE_RATE): Pcm {
  const converted = parts.map((part) => resample(part, sampleRate));
  const samples = new Int16Array(converted.reduce((sum, part) => sum + part.samples.length, 0));
  let offset = 0;
  for (const part of converted) {
    samples.set(part.samples, offset);
    offset += part.samples.length;
  }
  return { samples, sampleRate };
}

export function pcmDurationSeconds(pcm: Pcm): number {
  return pcm.sampleRate > 0 ? pcm.samples.length / pcm.sampleRate : 0;
}
