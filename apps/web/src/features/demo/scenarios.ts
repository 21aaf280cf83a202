import type { VoiceId } from '@callwise/shared/voices';

export interface DemoScenario {
  id:
    | 'appointment-reminder'
    | 'order-confirmation'
    | 'follow-up-call'
    | 'edtech-reminder'
    | 'coaching-reminder';
  title: string;
  description: string;
  script: string;
  voiceLabel: string;
  voice: VoiceId;
}

/** The public demo's sample calls (product spec section 3, "Demo scenario"). */
export const DEMO_SCENARIOS: DemoScenario[] = [
  {
    id: 'appointment-reminder',
    title: 'Appointment Reminder',
    description: 'A dental clinic confirms tomorrow’s appointment and offers to reschedule.',
    script:
      'Hello Sarah, this is Bright Smile Dental calling to remind you of your appointment tomorrow at 2 PM with Dr. Johnson. Press 1 to confirm, or press 2 if you need to reschedule.',
    voiceLabel: 'Professional Female',
    voice: 'aria',
  },
  {
    id: 'order-confirmation',
    title: 'Order Confirmation',
    description: 'A local shop confirms an order and its delivery window.',
    script:
      'Hi Mike, this is QuickMart calling to confirm your order of three items, arriving today between 4 and 6 PM. Press 1 to confirm the delivery, or press 2 to change the time.',
    voiceLabel: 'Friendly Male',
    voice: 'roger',
  },
  {
    id: 'follow-up-call',
    title: 'Follow-up Call',
    description: 'A service business checks in after a visit and asks for feedback.',
    script:
      'Hello Jennifer, this is Green Home Services following up on last week’s visit. We hope everything is working well. Press 1 if you are happy with the service, or press 2 and we will call you back.',
    voiceLabel: 'Warm Male',
    voice: 'george',
  },
  {
    id: 'edtech-reminder',
    title: 'Online Class Reminder',
    description: 'An online school reminds a student about tonight’s live class.',
    script:
      'Hi Alex, this is BrightPath Academy. Your live coding class starts tonight at 7 PM. The link is in your inbox. Press 1 to confirm you will join, or press 2 to get the recording instead.',
    voiceLabel: 'Encouraging Male',
    voice: 'charlie',
  },
  {
    id: 'coaching-reminder',
    title: 'Coaching Session Reminder',
    description: 'A fitness coach motivates a client before their next session.',
    script:
      'Hi Emma, this is Coach Lisa from Peak Performance. Just a reminder that our session is tomorrow at 8 AM. You are doing great, keep it up! Press 1 to confirm, or press 2 to move the session.',
    voiceLabel: 'Motivational Female',
    voice: 'sarah',
  },
];
