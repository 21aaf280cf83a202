import { KEY_MENU } from './call-prompt.ts';
import type { CallType } from './calls.ts';
import type { KnowledgeTopic } from './schemas/assistant.ts';
import type { VoiceId } from './voices.ts';

export const DEMO_SCENARIO_IDS = [
  'appointment-reminder',
  'order-confirmation',
  'follow-up-call',
  'edtech-reminder',
  'coaching-reminder',
] as const;
export type DemoScenarioId = (typeof DEMO_SCENARIO_IDS)[number];

/**
 * One of the public demo's sample calls (product spec section 3, "Demo scenario"). The web app shows and plays
 * it; the server speaks it in `voice` and answers the visitor with the dialogue engine, as if it were this call.
 */
export interface DemoScenario {
  id: DemoScenarioId;
  title: string;
  description: string;
  /** The message of the call, without a key menu (the call engine appends the menu, as on every call). */
  message: string;
  /** What the play button speaks and the card shows: the message, then the product's real key menu. */
  script: string;
  voiceLabel: string;
  voice: VoiceId;
  /** The assistant's first line when the visitor opens the Interactive Call. */
  initialPrompt: string;
  /** What the dialogue engine knows of the call: who calls, whom, and what kind of call it is. */
  businessName: string;
  recipientName: string;
  callType: CallType;
  /** What the call is about, as the assistant says when asked who is calling ("your appointment tomorrow…"). */
  about: string;
  /** When the appointment is (days from today, local minutes), for the times offered to move it; none: not movable. */
  appointment: { inDays: number; minutes: number } | null;
  /** What the business's assistant knows, as an owner writes it in Settings → Assistant. */
  knowledge: Array<{ topic: KnowledgeTopic; question: string; answer: string }>;
}

/** The voice labels of the spec and the voice each one is spoken in. */
export const DEMO_VOICE_LABELS: Record<string, VoiceId> = {
  'Professional Female': 'aria',
  'Friendly Male': 'roger',
  'Warm Male': 'george',
  'Encouraging Male': 'charlie',
  'Motivational Female': 'sarah',
};

/** A scenario as written: its script is made from its message and the menu. */
type WrittenScenario = Omit<DemoScenario, 'script'>;

const WRITTEN: readonly WrittenScenario[] = [
  {
    id: 'appointment-reminder',
    title: 'Appointment Reminder',
    description: 'A dental clinic confirms tomorrow’s appointment and offers to cancel or reschedule.',
    message:
      'Hello Sarah, this is Bright Smile Dental calling to remind you of your appointment tomorrow at 2 PM with Dr. Johnson.',
    voiceLabel: 'Professional Female',
    voice: 'aria',
    initialPrompt:
      'Hello Sarah, this is the assistant of Bright Smile Dental. You have an appointment tomorrow at 2 PM with Dr. Johnson. Will you be able to make it?',
    businessName: 'Bright Smile Dental',
    recipientName: 'Sarah',
    callType: 'appointment-reminder',
    about: 'your appointment tomorrow at 2 PM with Dr. Johnson',
    appointment: { inDays: 1, minutes: 14 * 60 },
    knowledge: [
      { topic: 'parking', question: 'Where can I park?', answer: 'There is free parking behind the clinic.' },
      {
        topic: 'prices',
        question: 'How much is a cleaning?',
        answer: 'A cleaning is 120 dollars; most insurance covers it.',
      },
    ],
  },
  {
    id: 'order-confirmation',
    title: 'Order Confirmation',
    description: 'A local shop confirms an order and its delivery window before the driver leaves.',
    message:
      'Hi Mike, this is QuickMart calling about your order of three items, arriving today between 4 and 6 PM.',
    voiceLabel: 'Friendly Male',
    voice: 'roger',
    initialPrompt:
      'Hi Mike, this is QuickMart. Your order of three items arrives today between 4 and 6 PM. Does that delivery window work for you?',
    businessName: 'QuickMart',
    recipientName: 'Mike',
    callType: 'order-confirmation',
    about: 'your order of three items, arriving today between 4 and 6 PM',
    appointment: null,
    knowledge: [
      {
        topic: 'policies',
        question: 'Can you leave it at the door?',
        answer: 'Yes, the driver can leave it at your door and text you a photo.',
      },
    ],
  },
  {
    id: 'follow-up-call',
    title: 'Follow-up Call',
    description: 'A home service company checks in after a visit and offers a technician call-back.',
    message:
      'Hello Jennifer, this is Green Home Services following up on last week’s boiler service. We hope everything is working well; if not, choose reschedule and a technician will call you back.',
    voiceLabel: 'Warm Male',
    voice: 'george',
    initialPrompt:
      'Hello Jennifer, this is Green Home Services, following up on last week’s boiler service. Is everything working well, or would you like a technician to call you back?',
    businessName: 'Green Home Services',
    recipientName: 'Jennifer',
    callType: 'follow-up',
    about: 'last week’s boiler service',
    appointment: { inDays: 1, minutes: 10 * 60 },
    knowledge: [
      {
        topic: 'other',
        question: 'My boiler is leaking',
        answer:
          'I’m sorry to hear that. Switch the boiler off and close the water valve under it; a technician from Green Home Services will call you back today.',
      },
    ],
  },
  {
    id: 'edtech-reminder',
    title: 'Online Class Reminder',
    description: 'An online school reminds a student about tonight’s live class.',
    message:
      'Hi Alex, this is BrightPath Academy. Your live coding class starts tonight at 7 PM, and the link is in your inbox.',
    voiceLabel: 'Encouraging Male',
    voice: 'charlie',
    initialPrompt:
      'Hi Alex, this is BrightPath Academy. Your live coding class starts tonight at 7 PM. Will you be joining us?',
    businessName: 'BrightPath Academy',
    recipientName: 'Alex',
    callType: 'custom',
    about: 'your live coding class tonight at 7 PM',
    appointment: null,
    knowledge: [
      {
        topic: 'other',
        question: 'Where is the class link?',
        answer: 'The link is in the e-mail we sent this morning, and in your student dashboard.',
      },
    ],
  },
  {
    id: 'coaching-reminder',
    title: 'Coaching Session Reminder',
    description: 'A fitness coach motivates a client before their next session.',
    message:
      'Hi Emma, this is Coach Lisa from Peak Performance. Just a reminder that our session is tomorrow at 8 AM. You are doing great, keep it up!',
    voiceLabel: 'Motivational Female',
    voice: 'sarah',
    initialPrompt:
      'Hi Emma, this is Coach Lisa’s assistant at Peak Performance. Your session is tomorrow at 8 AM. Are you ready for it?',
    businessName: 'Peak Performance',
    recipientName: 'Emma',
    callType: 'appointment-reminder',
    about: 'your coaching session tomorrow at 8 AM',
    appointment: { inDays: 1, minutes: 8 * 60 },
    knowledge: [
      {
        topic: 'policies',
        question: 'What should I bring?',
        answer: 'Bring water, a towel and your training shoes.',
      },
    ],
  },
];

export const DEMO_SCENARIOS: readonly DemoScenario[] = WRITTEN.map((scenario) => ({
  ...scenario,
  script: `${scenario.message} ${KEY_MENU}`,
}));

export function findDemoScenario(id: string): DemoScenario | undefined {
  return DEMO_SCENARIOS.find((scenario) => scenario.id === id);
}

/** What the assistant says when it did not understand: the call goes on (a real call would hang up). */
export const DEMO_REPROMPT =
  'Sorry, I didn’t catch that. You can say yes to confirm, tell me you need to cancel or change the time, or press 1, 2 or 3.';

/** Limits of the public demo (no account): a visitor's line, the transcript sent along, spoken text. */
export const DEMO_LIMITS = {
  /** Characters in one line the visitor types or says. */
  lineLength: 300,
  /** Lines of the conversation so far sent with a reply request (older lines are dropped by the client). */
  transcriptLines: 20,
  /** Characters of one transcript line. */
  transcriptLineLength: 600,
  /** Characters the speech endpoint speaks at once (every scenario script and reply fits). */
  speechLength: 400,
  /** Reply requests per visitor address per minute. */
  repliesPerMinute: 30,
  /** Speech requests per visitor address per minute. */
  speechPerMinute: 30,
  /** The least time before the assistant's reply appears (product spec section 9). */
  replyDelayMs: 1000,
} as const;
