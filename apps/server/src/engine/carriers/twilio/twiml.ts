// The SDK's TwiML builder, loaded on its own: the full `twilio` package takes half a second to import.
import VoiceResponse from 'twilio/lib/twiml/VoiceResponse.js';

/** Seconds we wait for a key or words once our prompt has finished playing. */
export const GATHER_TIMEOUT_SECONDS = 5;

/**
 * Our prompt, played inside a <Gather> that takes one key or a few words (a key pressed or words spoken during
 * the prompt interrupt it). Twilio then posts what it heard to `actionUrl` — also when it heard nothing, so
 * that the callee gets an answer either way.
 */
export function askTwiml(audioUrl: string, actionUrl: string): string {
  const response = new VoiceResponse();
  const gather = response.gather({
    input: ['dtmf', 'speech'],
    numDigits: 1,
    timeout: GATHER_TIMEOUT_SECONDS,
    speechTimeout: 'auto',
    action: actionUrl,
    method: 'POST',
    actionOnEmptyResult: true,
  });
  gather.play(audioUrl);
  return response.toString();
}

/** Plays the audio (a reply, or a voicemail after the beep), then hangs up. */
export function playAndHangUpTwiml(audioUrl: string): string {
  const response = new VoiceResponse();
  response.play(audioUrl);
  response.hangup();
  return response.toString();
}

/** Ends the call (a call we no longer know or want). */
export function hangUpTwiml(): string {
  const response = new VoiceResponse();
  response.hangup();
  return response.toString();
}

/**
 * Puts the caller through to a person (decision 026): our reply ("Please hold…"), then <Dial> with a ring timeout,
 * the caller ID given, and a whisper to the staff member before they are joined (`whisperUrl` answers its TwiML).
 * Twilio posts how the dial ended to `actionUrl`.
 */
export function dialTwiml(
  audioUrl: string,
  dial: { to: string; timeoutSeconds: number; callerId: string; actionUrl: string; whisperUrl: string },
): string {
  const response = new VoiceResponse();
  response.play(audioUrl);
  const verb = response.dial({
    action: dial.actionUrl,
    method: 'POST',
    timeout: dial.timeoutSeconds,
    callerId: dial.callerId,
    answerOnBridge: true,
  });
  verb.number({ url: dial.whisperUrl, method: 'POST' }, dial.to);
  return response.toString();
}

/** Said to the staff member who picked up a transfer, before the caller is joined. */
export function whisperTwiml(text: string): string {
  const response = new VoiceResponse();
  response.say(text);
  return response.toString();
}

/** Refuses a call to a number that is nobody's (busy tone, nothing billed). */
export function rejectTwiml(): string {
  const response = new VoiceResponse();
  response.reject({ reason: 'busy' });
  return response.toString();
}
