import { type PromptPart, type PromptPartTiming, promptTexts } from '@callwise/shared/call-prompt';
import type { VoiceId } from '@callwise/shared/voices';
import { CALL_SAMPLE_RATE, concatPcm, type Pcm, silence } from '../providers/speech/audio.ts';
import type { SpeechService } from '../providers/speech/speech.ts';

/** The pause before each part: the opening starts at once, the message and the menu after a breath. */
const PAUSE_BEFORE_MS: Readonly<Record<PromptPart, number>> = { disclosure: 0, message: 300, menu: 400 };

export interface SpokenPrompt {
  /** Everything the callee hears before answering, as one piece of audio. */
  audio: Pcm;
  /** The same in words, as the transcript keeps it. */
  text: string;
  /** Where each part starts and ends in `audio`, in seconds. */
  parts: Array<PromptPartTiming & { text: string }>;
}

const seconds = (samples: number) => Math.round((samples / CALL_SAMPLE_RATE) * 100) / 100;

/**
 * What an answered call says — the account's disclosure with the opt-out offer, the message, and the key menu
 * unless the message offers its own (none on a voicemail) — spoken and joined with their pauses. The one place
 * that builds it: the carrier plays it (CallService.host.onAnswer) and the voice preview answers it, so that the
 * preview is exactly what the callee will hear.
 */
export async function speakPrompt(
  speech: SpeechService,
  voice: VoiceId,
  account: { disclosure: string; name: string },
  message: string,
  options: { answeredBy?: 'human' | 'machine'; scope?: string } = {},
): Promise<SpokenPrompt> {
  const texts = promptTexts(account, message, options.answeredBy ?? 'human');
  const spoken = await Promise.all(
    texts.map(({ text }) => speech.speak(voice, text, { scope: options.scope })),
  );
  const pieces: Pcm[] = [];
  const parts: SpokenPrompt['parts'] = [];
  let at = 0;
  for (const [index, { part, text }] of texts.entries()) {
    const pause = silence(PAUSE_BEFORE_MS[part], CALL_SAMPLE_RATE);
    const audio = spoken[index] as Pcm;
    if (pause.samples.length > 0) pieces.push(pause);
    at += pause.samples.length;
    pieces.push(audio);
    parts.push({ part, text, start: seconds(at), end: seconds(at + audio.samples.length) });
    at += audio.samples.length;
  }
  return {
    audio: concatPcm(pieces, CALL_SAMPLE_RATE),
    text: texts.map(({ text }) => text).join(' '),
    parts,
  };
}
