/** Bitrates in kbit/s by [MPEG-1 ? 0 : 1][layer 1..3 -> 0..2][index]. */
const BITRATES = [
  [
    [0, 32, 64, 96, 128, 160, 192, 224, 256, 288, 320, 352, 384, 416, 448],
    [0, 32, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320, 384],
    [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320],
  ],
  [
    [0, 32, 48, 56, 64, 80, 96, 112, 128, 144, 160, 176, 192, 224, 256],
    [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
    [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
  ],
];
const SAMPLE_RATES = [44100, 48000, 32000];

interface Frame {
  length: number;
  samples: number;
  sampleRate: number;
}

function frameAt(data: Uint8Array, offset: number): Frame | null {
  if (offset + 4 > data.length) return null;
  const b1 = data[offset + 1] as number;
  const b2 = data[offset + 2] as number;
  if (data[offset] !== 0xff || (b1 & 0xe0) !== 0xe0) return null;
  const versionBits = (b1 >> 3) & 3; // 0: MPEG-2.5, 2: MPEG-2, 3: MPEG-1
  const layerBits = (b1 >> 1) & 3; // 1: layer III, 2: layer II, 3: layer I
  const bitrateIndex = b2 >> 4;
  const rateIndex = (b2 >> 2) & 3;
  if (versionBits === 1 || layerBits === 0 || bitrateIndex === 0 || bitrateIndex === 15 || rateIndex === 3) {
    return null;
  }
  const mpeg1 = versionBits === 3;
  const layer = 4 - layerBits; // 1..3
  const bitrate = (BITRATES[mpeg1 ? 0 : 1]?.[layer - 1]?.[bitrateIndex] ?? 0) * 1000;
  const sampleRate = (SAMPLE_RATES[rateIndex] as number) / (mpeg1 ? 1 : versionBits === 2 ? 2 : 4);
  const padding = (b2 >> 1) & 1;
  if (layer === 1) {
    return { length: (Math.floor((12 * bitrate) / sampleRate) + padding) * 4, samples: 384, sampleRate };
  }
  const samples = layer === 3 && !mpeg1 ? 576 : 1152;
  return { length: Math.floor(((samples / 8) * bitrate) / sampleRate) + padding, samples, sampleRate };
}

/**
 * The playing time of an MP3 file, by walking its frame headers (after an ID3v2 tag, if any); null when the data
 * does not look like MPEG audio.
 */
export function mp3DurationSeconds(data: Uint8Array): number | null {
  let offset = 0;
  if (data.length >= 10 && data[0] === 0x49 && data[1] === 0x44 && data[2] === 0x33) {
    const size =
      (((data[6] as number) & 0x7f) << 21) |
      (((data[7] as number) & 0x7f) << 14) |
      (((data[8] as number) & 0x7f) << 7) |
      ((data[9] as number) & 0x7f);
    offset = 10 + size + ((data[5] as number) & 0x10 ? 10 : 0);
  }
  // The first frame: the next header there must be a frame too (so that a stray 0xFF byte is not taken for one).
  let first: Frame | null = null;
  for (const limit = Math.min(data.length, offset + 64 * 1024); offset < limit; offset++) {
    first = frameAt(data, offset);
    if (first && (offset + first.length >= data.length || frameAt(data, offset + first.length))) break;
    first = null;
  }
  if (!first) return null;
  let seconds = 0;
  let frame: Frame | null = first;
  while (frame && frame.length > 0) {
    seconds += frame.samples / frame.sampleRate;
    offset += frame.length;
    frame = frameAt(data, offset);
  }
  return seconds;
}
