export const VOICE_IDS = ['aria', 'roger', 'sarah', 'laura', 'charlie', 'george'] as const;
export type VoiceId = (typeof VOICE_IDS)[number];

export interface Voice {
  id: VoiceId;
  name: string;
  gender: 'female' | 'male';
  tone: string;
  /** The voice at the hosted text-to-speech vendor. */
  providerVoiceId: string;
}

export const VOICES: Voice[] = [
  {
    id: 'aria',
    name: 'Aria',
    gender: 'female',
    tone: 'professional',
    providerVoiceId: '9BWtsMINqrJLrRacOk9x',
  },
  { id: 'roger', name: 'Roger', gender: 'male', tone: 'friendly', providerVoiceId: 'CwhRBWXzGAHq8TQ4Fs17' },
  { id: 'sarah', name: 'Sarah', gender: 'female', tone: 'warm', providerVoiceId: 'EXAVITQu4vr4xnSDxMaL' },
  { id: 'laura', name: 'Laura', gender: 'female', tone: 'calm', providerVoiceId: 'FGY2WhTYpPnrIDTdsKH5' },
  {
    id: 'charlie',
    name: 'Charlie',
    gender: 'male',
    tone: 'energetic',
    providerVoiceId: 'IKne3meq5aSn9XLyUdCD',
  },
  {
    id: 'george',
    name: 'George',
    gender: 'male',
    tone: 'authoritative',
    providerVoiceId: 'JBFqnCBsd6RMkjVDRZzb',
  },
];

export const DEFAULT_VOICE: VoiceId = 'aria';

export function findVoice(id: string): Voice | undefined {
  return VOICES.find((voice) => voice.id === id);
}
