import {
  type DialogueContext,
  type DialogueEngine,
  type DialogueInput,
  type DialogueReply,
  dialogueReply,
  type Intent,
  KEY_INTENTS,
} from './dialogue.ts';
import { asksForTime, CALL_BACK, namesWish, parseTimeWish, type TimeWish } from './time-wish.ts';

/**
 * The built-in dialogue: keys by the menu (1 confirm, 2 cancel, 3 reschedule, 9 opt out), words by phrase
 * rules that understand negations ("don't cancel" confirms, "I can't make it" cancels). Deterministic, offline.
 */
export function createIntentEngine(): DialogueEngine & { name: 'intents' } {
  return {
    name: 'intents',
    async respond(input, context) {
      return decide(input, context);
    },
  };
}

/** Synchronous core of the intent engine (also the LLM engine's fallback). */
export function decide(input: DialogueInput, context: DialogueContext): DialogueReply {
  const digits = input.digits?.trim() ?? '';
  if (digits !== '') {
    const intent = intentForDigits(digits);
    return dialogueReply(intent, context, intent === 'nothing' ? 'not_understood' : undefined);
  }
  const speech = input.speech?.trim() ?? '';
  const { intent, heardSomething } = classifySpeech(speech);
  const wish = wishOf(speech, intent, context);
  if (wish) return { ...dialogueReply('reschedule', context), wish };
  return dialogueReply(intent, context, heardSomething ? 'not_understood' : 'silence');
}

const HAS_TIME: ReadonlyArray<DialogueContext['callType']> = [
  'appointment-reminder',
  'service-reminder',
  'order-confirmation',
];

/**
 * The time a callee asks for instead, read in the business's zone at the answer's moment: with words asking to
 * reschedule ("can we move it to next week"), any time named; otherwise a time named with words that ask for it
 * ("can we do Thursday instead?", "how about at 6") or said alone ("Thursday afternoon", "the 14th at 3"). A "no"
 * or "I can't make it" with words asking for another time is a wish too ("I can't make it, how about Friday?");
 * a confirmation ("see you Thursday"), an opt-out or a request to be called back never is.
 */
export function wishOf(
  speech: string,
  intent: Intent,
  context: Pick<DialogueContext, 'timezone' | 'now'> & { callType?: DialogueContext['callType'] },
): TimeWish | null {
  if (speech === '' || CALL_BACK.test(speech)) return null;
  const explicit = asksForTime(speech);
  if (intent !== 'reschedule') {
    // Only a call about something with a time (an appointment, a delivery) turns a named time into a wish.
    if (context.callType !== undefined && !HAS_TIME.includes(context.callType)) return null;
    if (!['question', 'nothing'].includes(intent) && !(intent === 'cancel' && explicit)) return null;
  }
  const wish = parseTimeWish(speech, {
    now: context.now ?? new Date(),
    timezone: context.timezone ?? 'UTC',
  });
  if (!wish) return null;
  return intent === 'reschedule' || explicit || namesWish(speech, wish) ? wish : null;
}

/** The intent of the first menu key pressed; 'nothing' when no menu key was pressed. */
export function intentForDigits(digits: string): Intent {
  for (const key of digits) {
    const intent = KEY_INTENTS[key];
    if (intent) return intent;
    if (/[0-9]/.test(key)) return 'nothing';
  }
  return 'nothing';
}

/** What a phrase rule detects: an intent, a weak "no", or uncertainty (which counts as a question). */
type Signal = 'confirm' | 'cancel' | 'reschedule' | 'opt_out' | 'no' | 'unsure' | 'filler';

interface Rule {
  signal: Signal;
  pattern: RegExp;
  /** What a negated match ("do not cancel", "not okay") means: another signal, or nothing ('drop'). */
  negated?: Signal | 'drop';
}

/** Joins a readable list of alternatives ("a | b c | d (?:e| f)") into a regex source, trimming each one. */
function words(list: string): string {
  const alternatives: string[] = [];
  let depth = 0;
  let current = '';
  for (const character of list) {
    if (character === '(') depth += 1;
    if (character === ')') depth -= 1;
    if (character === '|' && depth === 0) {
      alternatives.push(current);
      current = '';
    } else {
      current += character;
    }
  }
  alternatives.push(current);
  return alternatives
    .map((alternative) => alternative.replace(/\s+/g, ' ').trim())
    .filter(Boolean)
    .join('|');
}

/** Verbs of showing up, after a negation they mean "I can't come". */
const ATTEND = words(`
  make it | make the appointment | make that | come | coming | attend | attending | be there | be home |
  be available | be around | be in | go | going(?! to) | show up | do it | do that | keep it | keep the appointment |
  need it | need the appointment | need the order | need the delivery | want it | want the order | available |
  free | home | around
`);
const NEGATED_ABILITY = words(`
  cannot | could not | will not | would not | am not | are not | is not | not going to | unable to | not able to |
  no longer able to | no longer | not
`);
const THING = words(`
  appointment | time | date | day | booking | delivery | order | visit | session | reservation | slot | call
`);

/**
 * Ordered: a rule's matches are taken out of the text before the next rule runs, so phrases that contain
 * negations ("no problem", "can't make it", "don't call me") are understood whole and their words do not
 * trigger later rules.
 */
const RULES: Rule[] = [
  // Fillers and greetings: nothing by themselves, and they must not look like answers ("good morning").
  {
    signal: 'filler',
    pattern: new RegExp(
      `\\b(?:${words(`
        hello | hi | hey | good morning | good afternoon | good evening | goodbye | bye | bye bye |
        thanks | thank you | never mind | nevermind | um+ | uh+ | hmm+ | erm | er | ah | oh | well
      `)})\\b`,
      'g',
    ),
  },
  // Asking us to confirm or repeat something is a question, not a confirmation.
  {
    signal: 'unsure',
    pattern: /\b(?:can|could|would|will) you (?:please )?(?:confirm|tell|repeat|say|check|explain)\b/g,
  },
  // Positive phrases built from negative words.
  {
    signal: 'confirm',
    pattern: new RegExp(
      `\\b(?:${words(`
        no problem | no problems | no worries | not a problem | no doubt | why not | i cannot wait | cannot wait |
        no need to cancel | no need to reschedule | no need to change (?:it|anything) | no need to move it
      `)})\\b`,
      'g',
    ),
  },
  // Uncertainty.
  {
    signal: 'unsure',
    pattern: new RegExp(
      `\\b(?:${words(`
        not sure | not certain | unsure | (?:do|does) not know | no idea | let me check | i (?:have|need) to check |
        i will (?:have to )?(?:see|check) | maybe | perhaps | i think so | possibly |
        (?:if|whether) i (?:can|could|will|would) (?:${ATTEND})
      `)})\\b`,
      'g',
    ),
  },
  // Opting out. "Don't call me back" asks for no callback, it is not an opt-out.
  {
    signal: 'opt_out',
    negated: 'drop',
    pattern: new RegExp(
      `\\b(?:${words(`
        (?:stop|quit|cease) (?:calling|contacting|phoning|ringing|bothering|texting)(?: me| us)? |
        stop (?:these|the|your|all|this)(?: automated| robot| robotic| stupid)? (?:calls|calling) |
        (?:do not|never) (?:ever )?(?:call|contact|phone|ring)(?:ing)?(?! (?:me |us )?back) |
        remove (?:me|us|my number|my name|this number|my details) | take (?:me|us|my number|this number) off |
        unsubscribe | opt (?:me )?out | opting out | no more (?:calls|calling|of these calls) |
        (?:do not|never) want (?:any more|anymore|any|more|these|your|to get|to receive)(?: \\w+)? calls |
        (?:do not|never) want to be (?:called|contacted) | leave me alone | do not call list
      `)})\\b`,
      'g',
    ),
  },
  { signal: 'opt_out', pattern: /^[\s#|]*(?:please )?stop(?: it| now| please| calling)?[\s#|]*$/g },
  // Rescheduling.
  {
    signal: 'reschedule',
    negated: 'drop',
    pattern: new RegExp(
      `\\b(?:${words(`
        reschedul\\w* | postpon\\w* | rebook\\w* | re book\\w* | rearrange |
        (?:another|different|other|new|later|better|alternative|earlier) (?:${THING}|week|hour|moment|one) |
        some other (?:time|day|date) | (?:move|change|shift|push|bump|switch) (?:it|that|this|the (?:${THING})|my (?:${THING})) |
        push (?:it |that |this )?back | (?:does|do|will|would) not work(?: for me| for us| out)? |
        (?:is|are) not going to work(?: for me| for us| out)? | not a good (?:time|day)
      `)})\\b`,
      'g',
    ),
  },
  // Cancelling, said with a negation ("I can't make it", "I won't be there", "not interested").
  {
    signal: 'cancel',
    pattern: new RegExp(
      `\\b(?:(?:${NEGATED_ABILITY})(?: be able to)?(?: really| possibly| even)? (?:${ATTEND})|` +
        `not interested|no longer (?:need|want|interested)|something (?:came|has come) up)\\b`,
      'g',
    ),
  },
  // Cancelling, said plainly ("cancel it"); "don't cancel" keeps the appointment.
  {
    signal: 'cancel',
    negated: 'confirm',
    pattern: /\b(?:cancel\w*|call it off|call off|scrap it|drop it)\b/g,
  },
  // Confirming.
  {
    signal: 'confirm',
    negated: 'drop',
    pattern: new RegExp(
      `\\b(?:${words(`
        yes | yeah | yea | yep | yup | ya | yah | aye | sure | surely | certainly | absolutely | definitely |
        indeed | confirm\\w* | correct | exactly | right | alright | all right | ok | okay | okey | fine | perfect |
        great | excellent | wonderful | lovely | cool | (?:that is|sounds|all|very|it is) good | good to go |
        sounds (?:good|great|fine|perfect|right) | that works | (?:it|this) works | works for me | will do |
        of course | affirmative | agreed | i agree | i accept | accepted | count me in | go ahead | still on |
        see you | looking forward |
        i will (?:be there|be home|come|make it|attend|show up|see you) | i am (?:coming|attending) |
        i am going to (?:be there|come|make it) | i can (?:make it|come|be there|attend|do it|do that) |
        keep (?:it|the appointment|my appointment)
      `)})\\b`,
      'g',
    ),
  },
  // A plain "no".
  {
    signal: 'no',
    pattern:
      /\b(?:no|nope|nah|negative|not really|i do not think so|i do not want it|no thanks|no thank you|i would rather not)\b/g,
  },
];

/**
 * A negation governing the words that follow: a negator, then at most four linking words ("do not want you
 * to cancel", "please don't cancel"), but not other content ("not interested, stop calling" is no negation
 * of "stop calling").
 */
const LINKING = words(`
  want | wanna | need | needed | have | to | you | me | us | it | please | ever | really | just | actually |
  even | going | like | wish | mean | meant | ask | asked | plan | intend | the | my | a | an | that | be | them
`);
const NEGATION = new RegExp(
  `\\b(?:not|never|cannot|no need to|no reason to|without)(?:\\s+(?:${LINKING})){0,4}\\s*$`,
);
const DIGIT_WORDS: Record<string, string> = { one: '1', two: '2', three: '3', nine: '9' };
const SPOKEN_KEY = /^(?:(?:i )?(?:press|pressed|option|number|key) )?(one|two|three|nine|[0-9])$/;
const QUESTION_WORDS = /\b(?:what|when|where|who|whom|whose|why|how|which)\b/;
const QUESTION_START = /^(?:is|are|am|can|could|would|will|do|does|did|should|shall|may|might|has|have)\b/;

/** Lowercase words with contractions expanded; clause breaks (punctuation, "but") become " | ". */
export function normalizeSpeech(speech: string): string {
  return ` ${speech} `
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\u2018\u2019\u02bc`´]/g, "'")
    .replace(/\bre[\s-]+(schedul|book)/g, 're$1')
    .replace(/\bgood\s+bye\b/g, 'goodbye')
    .replace(/-/g, ' ')
    .replace(/\b(?:can't|cant|can not)\b/g, 'cannot')
    .replace(/\b(?:won't|wont)\b/g, 'will not')
    .replace(/\b(?:ain't)\b/g, 'am not')
    .replace(
      /\b(do|does|did|is|are|was|were|have|has|had|could|would|should|must|need)(?:n't|nt)\b/g,
      '$1 not',
    )
    .replace(/\b(\w+)n't\b/g, '$1 not')
    .replace(/\bi'?m\b/g, 'i am')
    .replace(/\b(\w+)'ll\b/g, '$1 will')
    .replace(/\b(\w+)'re\b/g, '$1 are')
    .replace(/\b(\w+)'ve\b/g, '$1 have')
    .replace(/\b(\w+)'d\b/g, '$1 would')
    .replace(/\blet's\b/g, 'let us')
    .replace(/\b(that|it|what|there|here|who|where|when|how|he|she)'s\b/g, '$1 is')
    .replace(/\bgonna\b/g, 'going to')
    .replace(/\bwanna\b/g, 'want to')
    .replace(/'/g, '')
    .replace(/[.,;:!?()"]+|\bbut\b|\bthough\b|\bhowever\b/g, ' | ')
    .replace(/[^a-z0-9| ]+/g, ' ')
    .replace(/\s+/g, ' ')
    .replace(/^[\s|]+|[\s|]+$/g, '');
}

/**
 * The intent of what the callee said, and whether they said anything at all (fillers such as "hello" or
 * "um" alone count as nothing).
 */
export function classifySpeech(speech: string): { intent: Intent; heardSomething: boolean } {
  const asked = speech.includes('?');
  let text = normalizeSpeech(speech);
  // A key said out loud ("one", "press 9").
  const spokenKey = SPOKEN_KEY.exec(text)?.[1];
  if (spokenKey !== undefined) {
    const key = DIGIT_WORDS[spokenKey] ?? spokenKey;
    return { intent: KEY_INTENTS[key] ?? 'nothing', heardSomething: true };
  }
  const found = new Set<Signal>();
  for (const rule of RULES) {
    text = text.replace(rule.pattern, (...args: unknown[]) => {
      const offset = args[args.length - 2] as number;
      const whole = args[args.length - 1] as string;
      const clause = whole.slice(0, offset).split('|').pop() ?? '';
      const signal = rule.negated && NEGATION.test(clause) ? rule.negated : rule.signal;
      if (signal !== 'drop') found.add(signal);
      return ' # ';
    });
  }
  const rest = text.replace(/[#|]/g, ' ').replace(/\s+/g, ' ').trim();
  const heardSomething = [...found].some((signal) => signal !== 'filler') || rest !== '';

  if (found.has('opt_out')) return { intent: 'opt_out', heardSomething };
  if (found.has('reschedule')) return { intent: 'reschedule', heardSomething };
  if (found.has('cancel')) return { intent: 'cancel', heardSomething };
  if (found.has('confirm')) return { intent: 'confirm', heardSomething };
  if (found.has('no')) return { intent: 'cancel', heardSomething };
  if (found.has('unsure')) return { intent: 'question', heardSomething };
  if (heardSomething && (asked || QUESTION_WORDS.test(rest) || QUESTION_START.test(rest))) {
    return { intent: 'question', heardSomething };
  }
  return { intent: 'nothing', heardSomething };
}
