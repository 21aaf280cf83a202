import type { DialogueInput } from './dialogue.ts';
import { classifySpeech } from './intent-engine.ts';
import { CALL_BACK } from './time-wish.ts';

/**
 * What a caller's turn asks of the conversation beyond the call's own answers (confirm, cancel, reschedule, opt
 * out): who is calling, hear it again, a person, the wrong number, a call back later; and, after "anything
 * else?", yes or no. Read before the answers, except that an opt-out always wins ("stop calling me" is never a
 * call-back request).
 */
export type Cue = 'who' | 'repeat' | 'person' | 'wrong_number' | 'callback' | 'done' | 'more';

/** The key that asks for a person (announced after the first menu; works from the first answer). */
export const PERSON_KEY = '0';
/** While open times are offered to move an appointment, the key that asks to be called back instead. */
export const CALL_BACK_KEY = '0';

const PERSON =
  /\b(?:(?:talk|speak|chat)(?:ing)? (?:to|with) (?:a |an |the |some )?(?:person|human|someone|somebody|anyone|real person|agent|representative|receptionist|front desk|staff|manager|doctor|operator)|(?:put|get|transfer|connect) me (?:through|to (?:a |the |some )?(?:person|human|someone|somebody|front desk|receptionist|operator))|(?:a |an )?(?:real person|human being|live person|operator|representative)\b|(?:let|can) (?:me )?(?:talk|speak) to (?:someone|somebody|a person))/i;
const WHO =
  /\b(?:who(?:'s| is| are|s)? (?:this|that|you|calling|it)|who am i (?:speaking|talking) (?:to|with)|what(?:'s| is) (?:this|it|that) (?:about|regarding|for|concerning)|why (?:are|did) you call(?:ing)?|where are you calling from|what company|who do you work for)\b/i;
const REPEAT =
  /\b(?:repeat(?: that| it| please)?|say (?:that|it) again|come again|(?:i )?(?:did ?n[o']?t|could ?n[o']?t) (?:hear|catch|get) (?:that|it|you)|one more time|pardon)\b|^\s*(?:sorry\s*)?(?:what|huh|eh)\s*\??\s*$/i;
const WRONG_NUMBER =
  /\b(?:wrong (?:number|person)|you have the wrong|no(?: ?one|body)? (?:here )?(?:by|with|named|called) that name|(?:does|do) ?n[o']?t live here|there(?:'s| is) no (?:one|body) (?:here )?(?:by|called|named))\b/i;
const LATER = /\b(?:bad time|not a good time|(?:i'?m|i am) (?:busy|driving|at work|in a meeting))\b/i;
const DONE =
  /^\s*(?:no|nope|nah|nothing(?: else)?|that'?s (?:all|it|everything)|that is (?:all|it|everything)|i'?m (?:good|fine|all set)|all good)\b(?![^?]*\?)/i;
const MORE = /^\s*(?:yes|yeah|yep|sure|actually|one more|i have (?:another|a) question)\b/i;

export function cueOf(input: DialogueInput, options: { afterAnythingElse?: boolean } = {}): Cue | null {
  const digits = input.digits?.trim() ?? '';
  if (digits !== '') return digits.startsWith(PERSON_KEY) ? 'person' : null;
  const speech = input.speech?.trim() ?? '';
  if (speech === '') return null;
  if (classifySpeech(speech).intent === 'opt_out') return null;
  if (options.afterAnythingElse) {
    if (DONE.test(speech)) return 'done';
    if (MORE.test(speech) && !PERSON.test(speech)) return 'more';
  }
  if (PERSON.test(speech)) return 'person';
  if (WRONG_NUMBER.test(speech)) return 'wrong_number';
  if (CALL_BACK.test(speech) || LATER.test(speech)) return 'callback';
  if (WHO.test(speech)) return 'who';
  if (REPEAT.test(speech)) return 'repeat';
  return null;
}
