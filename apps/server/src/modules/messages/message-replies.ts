import { formatPhone } from '@callwise/shared/phone';

/**
 * Our answers to the keywords (CTIA's handbook: a STOP is confirmed once, HELP names the business and how to
 * stop), and to a reminder's answer by text. Short, GSM-7, one segment each where the business's name allows.
 */
export const messageReplies = {
  stop: (business: string) =>
    `${business}: you will get no more texts or calls from us. Reply START to get texts again.`,
  start: (business: string) => `${business}: texts are on again. Reply STOP to stop, HELP for help.`,
  help: (business: string, number: string | null) =>
    `${business}: appointment reminders and updates.${number ? ` Call ${formatPhone(number)} for help.` : ''} Reply STOP to stop.`,
  confirmed: (business: string, when: string) =>
    `${business}: thank you, your appointment on ${when} is confirmed.`,
  reschedule: (business: string, when: string, url: string) =>
    `${business}: pick a new time for your appointment on ${when} here: ${url}`,
};
