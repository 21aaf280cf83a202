import type { CallType, ScriptCategory } from '@callwise/shared/calls';

export interface QuickTemplate {
  title: string;
  callType: CallType;
  message: string;
}

/**
 * The spec's two quick templates: each fills the message and sets the matching call type. They greet by first
 * name and end without a key menu: the call engine appends the one menu every call ends with.
 */
export const QUICK_TEMPLATES: QuickTemplate[] = [
  {
    title: 'Appointment Reminder',
    callType: 'appointment-reminder',
    message:
      'Hi {{first_name}}, this is a friendly reminder of your appointment on {{date}} at {{time}}. ' +
      'We look forward to seeing you!',
  },
  {
    title: 'Order Confirmation',
    callType: 'order-confirmation',
    message:
      'Hello {{first_name}}, thank you for your order! It has been confirmed and will be delivered on {{date}} ' +
      'around {{time}}.',
  },
];

const TITLE_HINTS: Array<[RegExp, CallType]> = [
  [/appointment|visit|booking/i, 'appointment-reminder'],
  [/order|delivery|shipment/i, 'order-confirmation'],
  [/follow[\s-]?up/i, 'follow-up'],
  [/service|maintenance|renewal/i, 'service-reminder'],
  [/promo|offer|discount|sale/i, 'promotional'],
];

/**
 * The call type a script makes obvious: by words in its title first ("Order confirmation"), then by its
 * category (a Reminder is an appointment reminder, Sales is promotional); null when nothing is obvious.
 */
export function callTypeForScript(script: { title: string; category: ScriptCategory }): CallType | null {
  for (const [pattern, type] of TITLE_HINTS) if (pattern.test(script.title)) return type;
  if (script.category === 'Reminder') return 'appointment-reminder';
  if (script.category === 'Sales') return 'promotional';
  return null;
}
