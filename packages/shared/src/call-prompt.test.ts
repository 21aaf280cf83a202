import { describe, expect, it } from 'vitest';
import { callOpening, KEY_MENU, keyMenuFor, offersKeyMenu, promptTexts } from './call-prompt.ts';

const account = { disclosure: 'This is an automated call from {{business_name}}.', name: 'Harbor Dental' };

describe('the key menu', () => {
  it('is the one menu of every call', () => {
    expect(KEY_MENU).toBe(
      'Press 1 to confirm, 2 to cancel, 3 to reschedule, or 9 to stop receiving these calls.',
    );
  });

  it('is left out after a message that offers the keys itself, as scripts written before it did', () => {
    for (const message of [
      'Your cleaning is on Friday. Press 1 to confirm, 2 to cancel, or 3 to reschedule.',
      'Hi Maria, 20% off until May. press 1 to hear more.',
      'We hope all is well. Press one if it is.',
      'Please PRESS 3 to talk to us.',
      'Pressing 2 cancels your order.',
    ]) {
      expect(offersKeyMenu(message), message).toBe(true);
      expect(keyMenuFor(message), message).toBeNull();
    }
  });

  it('follows every other message', () => {
    for (const message of [
      'Your cleaning is on Friday at 10.',
      'Your order of 12 items arrives between 1 and 3 PM.',
      'Press the doorbell twice when you arrive.',
      'Your room is 1 floor up: press 10 in the lift.',
      'Express 1-day delivery is on its way.',
    ]) {
      expect(offersKeyMenu(message), message).toBe(false);
      expect(keyMenuFor(message), message).toBe(KEY_MENU);
    }
  });
});

describe('what an answered call says', () => {
  it('is the disclosure with the opt-out offer, the message, then the menu', () => {
    expect(callOpening(account)).toBe(
      'This is an automated call from Harbor Dental. To stop these calls, press 9.',
    );
    expect(promptTexts(account, 'Your cleaning is on Friday.')).toEqual([
      {
        part: 'disclosure',
        text: 'This is an automated call from Harbor Dental. To stop these calls, press 9.',
      },
      { part: 'message', text: 'Your cleaning is on Friday.' },
      { part: 'menu', text: KEY_MENU },
    ]);
  });

  it('has one menu only: none after a message with its own, none on a voicemail', () => {
    const own = 'Your cleaning is on Friday. Press 1 to confirm.';
    expect(promptTexts(account, own).map((part) => part.part)).toEqual(['disclosure', 'message']);
    expect(promptTexts(account, 'Your cleaning is on Friday.', 'machine').map((part) => part.part)).toEqual([
      'disclosure',
      'message',
    ]);
  });
});
