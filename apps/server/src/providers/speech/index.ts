export {
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
export { AudioCache, type AudioCacheOptions, type AudioCacheStats, type CachedAudio } from './cache.ts';
export { type ElevenLabsOptions, ElevenLabsProvider } from './elevenlabs.ts';
export {
  ESPEAK_VOICES,
  EspeakEngine,
  type EspeakEngineOptions,
  EspeakProvider,
  type EspeakVoice,
  espeakArguments,
} from './espeak.ts';
export { mp3DurationSeconds } from './mp3.ts';
export {
  createSpeechService,
  type SpeechConfig,
  type SpeechFormat,
  type SpeechPreview,
  type SpeechProvider,
  SpeechProviderError,
  SpeechService,
  type SpeechServiceOptions,
  type SpeechStats,
  type SynthesisRequest,
  type SynthesisResult,
} from './speech.ts';
