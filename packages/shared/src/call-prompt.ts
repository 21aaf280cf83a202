import { OPT_OUT_OFFER, renderDisclosure } from './calling-rules.ts';

/**
 * What an answered call says, in order: the disclosure naming the business with the opt-out offer, the message,
 * then the key menu. The call engine speaks these parts and the voice preview plays the same audio (decision 013).
 */
export const PROMPT_PARTS = ['disclosure', 'message', 'menu'] as const;
export type PromptPart = (typeof PROMPT_PARTS)[number];

export const PROMPT_PART_LABELS: Readonly<Record<PromptPart, string>> = {
  disclosure: 'Disclosure',
  message: 'Message',
  menu: 'Menu',
};

/** The spoken key menu, appended by the call engine after every message that does not offer its own. */
export const KEY_MENU =
  'Press 1 to confirm, 2 to cancel, 3 to reschedule, or 9 to stop receiving these calls.';

/**
 * A message that offers the answer keys itself ("… Press 1 to confirm."), as scripts written before the engine
 * appended its menu did: "press" followed by 1, 2 or 3, in figures or words.
 */
const OWN_MENU = /\bpress(?:ing)?\s+(?:[123]|one|two|three)\b/i;

export function offersKeyMenu(message: string): boolean {
  return OWN_MENU.test(message);
}

/** The menu the engine appends to a message: KEY_MENU, or none when the message already offers the keys. */
export function keyMenuFor(message: string): string | null {
  return offersKeyMenu(message) ? null : KEY_MENU;
}

/** The disclosure naming the business, then the opt-out offer: what every call opens with, as one utterance. */
export function callOpening(account: { disclosure: string; name: string }): string {
  return `${renderDisclosure(account.disclosure, account.name)} ${OPT_OUT_OFFER}`;
}

/**
 * The parts an answered call speaks, in order. A voicemail gets no menu (nobody presses a key on a recording);
 * neither does a message that offers its own.
 */
export function promptTexts(
  account: { disclosure: string; name: string },
  message: string,
  answeredBy: 'human' | 'machine' = 'human',
): Array<{ part: PromptPart; text: string }> {
  const menu = answeredBy === 'human' ? keyMenuFor(message) : null;
  return [
    { part: 'disclosure', text: callOpening(account) },
    { part: 'message', text: message },
    ...(menu ? [{ part: 'menu' as const, text: menu }] : []),
  ];
}

/** One part of a spoken prompt with its place in the audio, in seconds. */
export interface PromptPartTiming {
  part: PromptPart;
  start: number;
  end: number;
}
