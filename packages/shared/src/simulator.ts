/**
 * The simulated carrier's callees: what happens is chosen by the last four digits of a fictional number in the
 * 555-01XX range (e.g. +1 202 555 0105). Any other number behaves like 0100. A first answer is keys (`digits`) or,
 * with `speech`, words heard instead (as a carrier's speech recognition reports them); `next` are the keys pressed
 * when asked again.
 */
export const SIMULATOR_BEHAVIOURS = {
  '0100': { summary: 'Answers and presses 1 (confirms)', kind: 'answer', digits: '1' },
  '0101': { summary: 'Busy', kind: 'busy' },
  '0102': { summary: 'Does not answer', kind: 'no-answer' },
  '0103': { summary: 'The call fails', kind: 'failed' },
  '0104': { summary: 'Voicemail picks up', kind: 'voicemail' },
  '0105': { summary: 'Answers and presses 2 (cancels)', kind: 'answer', digits: '2' },
  '0106': {
    summary: 'Answers and presses 3 (asks to reschedule), then takes the first time offered',
    kind: 'answer',
    digits: '3',
    next: ['1'],
  },
  '0107': { summary: 'Answers and presses 9 (opts out)', kind: 'answer', digits: '9' },
  '0108': { summary: 'Answers and says nothing', kind: 'answer', digits: null },
  '0109': {
    summary: 'Busy on the first attempt, then answers and presses 1',
    kind: 'busy-once',
    digits: '1',
  },
  '0110': {
    summary: 'Answers and presses 3 (asks to reschedule), then 0 (to be called back instead)',
    kind: 'answer',
    digits: '3',
    next: ['0'],
  },
  '0111': {
    summary:
      'Answers and says "Can we do Thursday afternoon instead?" (a time wished for), then takes the first time offered',
    kind: 'answer',
    digits: null,
    speech: 'Can we do Thursday afternoon instead?',
    next: ['1'],
  },
} as const;

export type SimulatorBehaviourCode = keyof typeof SIMULATOR_BEHAVIOURS;

/** The behaviour code for a number (E.164): its last four digits when they are 0100–0111 after 555, else 0100. */
export function simulatorBehaviourFor(phone: string): SimulatorBehaviourCode {
  const match = /555(01\d\d)$/.exec(phone.replace(/\D/g, ''));
  const code = match?.[1];
  return code && code in SIMULATOR_BEHAVIOURS ? (code as SimulatorBehaviourCode) : '0100';
}
