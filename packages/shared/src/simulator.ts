/** One answer of a simulated callee: keys pressed, words said, or nothing (they wait in silence). */
export type SimulatedAnswer = { digits: string } | { speech: string } | null;

export interface SimulatorBehaviour {
  summary: string;
  kind: 'answer' | 'busy' | 'no-answer' | 'failed' | 'voicemail' | 'busy-once';
  /** What the callee answers, turn by turn, once the call is answered; silence once they have no more. */
  answers?: readonly SimulatedAnswer[];
}

/**
 * The simulated carrier's callees: what happens is chosen by the last four digits of a fictional number in the
 * 555-01XX range (e.g. +1 202 555 0105). Any other number behaves like 0100. Entries are only ever added (the
 * table in the architecture document is the contract). Transfer numbers ending 0199 answer a transfer; 0198 rings
 * out.
 */
export const SIMULATOR_BEHAVIOURS = {
  '0100': { summary: 'Answers and presses 1 (confirms)', kind: 'answer', answers: [{ digits: '1' }] },
  '0101': { summary: 'Busy', kind: 'busy' },
  '0102': { summary: 'Does not answer', kind: 'no-answer' },
  '0103': { summary: 'The call fails', kind: 'failed' },
  '0104': { summary: 'Voicemail picks up', kind: 'voicemail' },
  '0105': { summary: 'Answers and presses 2 (cancels)', kind: 'answer', answers: [{ digits: '2' }] },
  '0106': {
    summary: 'Answers and presses 3 (asks to reschedule), then takes the first time offered',
    kind: 'answer',
    answers: [{ digits: '3' }, { digits: '1' }],
  },
  '0107': { summary: 'Answers and presses 9 (opts out)', kind: 'answer', answers: [{ digits: '9' }] },
  '0108': { summary: 'Answers and says nothing', kind: 'answer', answers: [] },
  '0109': {
    summary: 'Busy on the first attempt, then answers and presses 1',
    kind: 'busy-once',
    answers: [{ digits: '1' }],
  },
  '0110': {
    summary: 'Answers and presses 3 (asks to reschedule), then 0 (to be called back instead)',
    kind: 'answer',
    answers: [{ digits: '3' }, { digits: '0' }],
  },
  '0111': {
    summary: 'Answers and asks for a person; if nobody takes the transfer, leaves a message',
    kind: 'answer',
    answers: [
      { speech: 'Can I talk to a person, please?' },
      { speech: 'Please call me back about my appointment.' },
    ],
  },
  '0112': {
    summary:
      'Answers and says "Can we do Thursday afternoon instead?" (a time wished for), then takes the first time offered',
    kind: 'answer',
    answers: [{ speech: 'Can we do Thursday afternoon instead?' }, { digits: '1' }],
  },
  '0113': {
    summary: 'Answers "Who is this?", then presses 1 (confirms)',
    kind: 'answer',
    answers: [{ speech: 'Who is this?' }, { digits: '1' }],
  },
  '0114': {
    summary: 'Answers "Sorry, you have the wrong number"',
    kind: 'answer',
    answers: [{ speech: 'Sorry, you have the wrong number.' }],
  },
  '0115': {
    summary: 'Asks "Where can I park?", then says that is all',
    kind: 'answer',
    answers: [{ speech: 'Where can I park?' }, { speech: 'No, that is all, thanks.' }],
  },
  '0116': {
    summary: 'Answers "Can you call me back tomorrow at 5 PM?"',
    kind: 'answer',
    answers: [{ speech: 'Can you call me back tomorrow at 5 PM?' }],
  },
} as const satisfies Record<string, SimulatorBehaviour>;

export type SimulatorBehaviourCode = keyof typeof SIMULATOR_BEHAVIOURS;

/** The behaviour code for a number (E.164): its last four digits when they are one of the table's after 555, else 0100. */
export function simulatorBehaviourFor(phone: string): SimulatorBehaviourCode {
  const match = /555(01\d\d)$/.exec(phone.replace(/\D/g, ''));
  const code = match?.[1];
  return code && code in SIMULATOR_BEHAVIOURS ? (code as SimulatorBehaviourCode) : '0100';
}

/** Transfer numbers the simulator answers (…0199) or lets ring out (…0198, and any other). */
export const SIMULATED_STAFF_ANSWERS = '0199';
export const SIMULATED_STAFF_NO_ANSWER = '0198';

/** Whether the simulated staff phone at this number takes a transfer. */
export function simulatedStaffAnswers(phone: string): boolean {
  return phone.replace(/\D/g, '').endsWith(SIMULATED_STAFF_ANSWERS);
}

/**
 * What the simulated phone at a number does with a text (issue #19), by the same last four digits after 555: it
 * answers with a word, never answers, or is not reached. Any other number has it delivered and never answers.
 */
export const SIMULATED_TEXT_BEHAVIOURS = {
  '0120': { summary: 'Replies C (confirms)', reply: 'C' },
  '0121': { summary: 'Replies STOP', reply: 'STOP' },
  '0122': { summary: 'Never replies', reply: null },
  '0123': { summary: 'The text is not delivered', reply: null, undelivered: true },
} as const satisfies Record<string, { summary: string; reply: string | null; undelivered?: boolean }>;

export function simulatedTextBehaviour(phone: string): { reply: string | null; undelivered: boolean } {
  const code = /555(01\d\d)$/.exec(phone.replace(/\D/g, ''))?.[1];
  const behaviour =
    code && code in SIMULATED_TEXT_BEHAVIOURS
      ? SIMULATED_TEXT_BEHAVIOURS[code as keyof typeof SIMULATED_TEXT_BEHAVIOURS]
      : null;
  return {
    reply: behaviour?.reply ?? null,
    undelivered: Boolean(behaviour && 'undelivered' in behaviour && behaviour.undelivered),
  };
}
