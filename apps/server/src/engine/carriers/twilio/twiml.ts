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
