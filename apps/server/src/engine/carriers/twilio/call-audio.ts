import { createHmac, timingSafeEqual } from 'node:crypto';
import { encodeWav, type Pcm } from '../../../providers/speech/audio.ts';
import type { FileStorage, StoredFile } from '../../../providers/storage/index.ts';

/** A name of a file of a call: its kind and the carrier's call id, e.g. `prompt-CA0123…`. */
export const AUDIO_NAME = /^(prompt|reply)-[A-Za-z0-9]{1,64}$/;

/**
 * What we say on a call, as files the carrier fetches by URL: stored under `telephony/<call>/<name>.wav` and
 * served at an address that carries its expiry and an HMAC of both (keyed from the server secret), so only
 * the carrier we gave it to can fetch it, and only for a while.
 */
export class CallAudio {
  private readonly key: Buffer;

  constructor(
    private readonly options: {
      storage: FileStorage;
      publicUrl: string;
      /** The server's secret (JWT_SECRET): every process derives the same key from it. */
      secret: string;
      /** The path the audio route answers at; `/<call>/<name>.wav` follows. */
      path: string;
      ttlSeconds?: number;
      now?: () => number;
    },
  ) {
    this.key = createHmac('sha256', options.secret).update('callwise:telephony-audio:v1').digest();
  }

  private storageKey(callId: string, name: string) {
    return `telephony/${callId}/${name}.wav`;
  }

  private signature(callId: string, name: string, expires: number) {
    return createHmac('sha256', this.key).update(`${callId}/${name}.wav:${expires}`).digest('base64url');
  }

  private now() {
    return this.options.now?.() ?? Date.now();
  }

  /** Stores the audio and answers the signed URL it can be fetched at until it expires. */
  async publish(callId: string, name: string, pcm: Pcm): Promise<string> {
    if (!AUDIO_NAME.test(name)) throw new Error(`Invalid call audio name ${JSON.stringify(name)}`);
    // At our speech's own rate: the carrier converts it to the phone line's properly (filtered), we would not.
    await this.options.storage.put(this.storageKey(callId, name), encodeWav(pcm), 'audio/wav');
    const expires = Math.floor(this.now() / 1000) + (this.options.ttlSeconds ?? 15 * 60);
    const query = `expires=${expires}&signature=${this.signature(callId, name, expires)}`;
    return `${this.options.publicUrl}${this.options.path}/${callId}/${name}.wav?${query}`;
  }

  /** Whether an audio address is one we signed and has not expired. */
  verify(callId: string, name: string, expires: number, signature: string): boolean {
    if (!Number.isInteger(expires) || expires * 1000 < this.now()) return false;
    const expected = Buffer.from(this.signature(callId, name, expires));
    const given = Buffer.from(signature);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }

  read(callId: string, name: string): Promise<StoredFile | null> {
    return this.options.storage.get(this.storageKey(callId, name));
  }

  /** The call is over: its files go. */
  async remove(callId: string, names: string[]): Promise<void> {
    await Promise.all(names.map((name) => this.options.storage.delete(this.storageKey(callId, name))));
  }
}
