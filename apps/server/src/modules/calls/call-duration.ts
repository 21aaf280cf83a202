import { promptTexts } from '@callwise/shared/call-prompt';
import { VOICE_IDS, type VoiceId } from '@callwise/shared/voices';
import { speakPrompt } from '../../engine/index.ts';
import { pcmDurationSeconds } from '../../providers/speech/audio.ts';
import type { SpeechService } from '../../providers/speech/speech.ts';
import type { AccountRow } from './apply-calling-rules.ts';

/** Seconds of a call beyond the spoken prompt: the pauses in it, the callee's answer and our reply. */
const CONVERSATION_OVERHEAD_SECONDS = 6;
/** Batches up to this size have each message synthesised to measure it; larger ones use the voice's rate. */
export const MEASURED_BATCH = 20;
/** A typical reminder, to measure a voice's speaking rate by. */
const SPEAKING_RATE_SAMPLE =
  'Hi Maria, this is a reminder of your appointment with Harbor Dental on Friday, March 6 at 10:30 AM. Please arrive ten minutes early.';

/** How long a call will take, estimated when it is created (and again when its message or voice changes). */
export class CallDurations {
  private readonly speakingRates = new Map<VoiceId, Promise<number>>();

  constructor(
    private readonly deps: {
      speech: SpeechService;
      log: { warn: (obj: object, msg: string) => void };
    },
  ) {}

  /**
   * The length of the call: what the callee hears on answering (disclosure, message and menu, as onAnswer speaks
   * it), plus the exchange after it. Measured from the synthesised audio (`measure`; the call's own audio is then
   * cached for when it is answered), or — for the calls of a large batch, where synthesising thousands of
   * messages would take minutes — from the voice's own speaking rate, measured once.
   */
  async estimate(voice: VoiceId, account: AccountRow, message: string, measure: boolean): Promise<number> {
    const words = promptTexts(account, message)
      .map((part) => part.text)
      .join(' ');
    try {
      const spoken = measure
        ? pcmDurationSeconds((await speakPrompt(this.deps.speech, voice, account, message)).audio)
        : (await this.secondsPerCharacter(voice)) * words.length;
      return Math.round(spoken + CONVERSATION_OVERHEAD_SECONDS);
    } catch (error) {
      // The estimate is not worth refusing the call for: fall back to a speaking rate of 150 words a minute.
      this.deps.log.warn({ err: error }, 'speech unavailable for the duration estimate');
      return Math.round((words.split(/\s+/).length / 150) * 60 + CONVERSATION_OVERHEAD_SECONDS);
    }
  }

  /**
   * Starts measuring a voice's speaking rate (once per voice and process) for a caller about to create a batch of
   * `size` calls, when the batch will be timed by it (larger than MEASURED_BATCH): the sample is synthesised by
   * the speech provider while the caller reads the database, instead of after.
   */
  warmSpeakingRate(voice: string, size: number): void {
    if (size <= MEASURED_BATCH || !(VOICE_IDS as readonly string[]).includes(voice)) return;
    this.secondsPerCharacter(voice as VoiceId).catch(() => undefined);
  }

  /** Seconds of speech per character of text in a voice, from a sample sentence (once per voice). */
  private secondsPerCharacter(voice: VoiceId): Promise<number> {
    let rate = this.speakingRates.get(voice);
    if (!rate) {
      rate = this.deps.speech
        .speak(voice, SPEAKING_RATE_SAMPLE)
        .then((pcm) => pcmDurationSeconds(pcm) / SPEAKING_RATE_SAMPLE.length);
      rate.catch(() => this.speakingRates.delete(voice));
      this.speakingRates.set(voice, rate);
    }
    return rate;
  }
}
