import { PLANS } from '@callwise/shared/plans';
import { EXTRA_CALL_PRICE_USD, NOTICE_DAYS, TRIAL_CALLS } from '@callwise/shared/product';

export interface HelpTopic {
  id: 'getting-started' | 'scripts-and-voices' | 'billing-and-plans';
  title: string;
  description: string;
  /** The topic's short guide. */
  steps: string[];
}

export interface HelpFaq {
  question: string;
  answer: string;
}

const usd = (value: number) =>
  new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: Number.isInteger(value) ? 0 : 2,
  }).format(value);

export const HELP_TOPICS: HelpTopic[] = [
  {
    id: 'getting-started',
    title: 'Getting Started',
    description: 'Add your contacts, write a script and schedule your first call.',
    steps: [
      'Add contacts one by one or import a CSV file under Contacts.',
      'Open Dashboard, then Schedule Call: pick the contact, the message and the time.',
      'Follow each call live in Call History, with its answer and recording.',
    ],
  },
  {
    id: 'scripts-and-voices',
    title: 'Scripts and Voices',
    description: 'Personalise calls with variables and pick the right voice for each message.',
    steps: [
      'Write reusable scripts with {{first_name}}, {{last_name}}, {{name}}, {{date}}, {{time}} and your own variables.',
      'Choose one of six voices, from professional to warm, and preview the whole call before you schedule: the disclosure, your message and the menu.',
      'Every call ends with a key menu: 1 confirm, 2 cancel, 3 reschedule, 9 stop further calls. Your script does not need its own.',
    ],
  },
  {
    id: 'billing-and-plans',
    title: 'Billing and Plans',
    description: 'How the free trial, monthly plans and extra calls are billed.',
    steps: [
      `The free trial includes ${TRIAL_CALLS} calls, no credit card needed.`,
      `${PLANS.starter.name} ${usd(PLANS.starter.price)}, ${PLANS.professional.name} ${usd(PLANS.professional.price)} and ${PLANS.enterprise.name} ${usd(PLANS.enterprise.price)} per month; extra calls ${usd(EXTRA_CALL_PRICE_USD)} each.`,
      `No setup fees, cancel anytime; price changes are announced ${NOTICE_DAYS} days ahead.`,
    ],
  },
];

export const HELP_FAQS: HelpFaq[] = [
  {
    question: 'How do I schedule my first call?',
    answer:
      'Open the Dashboard and choose Schedule Call. Enter the recipient, the message and a time, pick a voice, and preview it before you confirm.',
  },
  {
    question: 'Which variables can I use in a script?',
    answer:
      'Use {{first_name}}, {{last_name}} and {{name}} (the full name) of the recipient, {{date}} and {{time}}, or any variable of your own such as {{doctor}}. They are filled in for each recipient when the call is placed. A contact’s first and last name come from its name, unless you set them on the contact.',
  },
  {
    question: 'What happens when someone does not answer?',
    answer:
      'Busy and unanswered calls are retried automatically, up to two more times, 30 minutes apart. If voicemail answers, the message is left there. Every attempt shows in Call History.',
  },
  {
    question: 'What is included in the free trial?',
    answer: `${TRIAL_CALLS} real calls with every voice and feature, including the API. No credit card is required.`,
  },
];

export interface HelpArticle {
  id: 'consent';
  title: string;
  summary: string;
  sections: Array<{ heading: string; body: string }>;
}

export const HELP_ARTICLES: HelpArticle[] = [
  {
    id: 'consent',
    title: 'Consent: who you can call',
    summary:
      'What each consent level allows, existing customers, recording consent at import and in bulk, and what happens to promotional calls.',
    sections: [
      {
        heading: 'The consent levels',
        body: 'None: nothing is on record yet, so no call can be scheduled to the contact until you record their consent or mark them as an existing customer. Informational: they agreed to reminders, confirmations and follow-ups about their own appointments and orders. Marketing: they agreed to promotional calls too.',
      },
      {
        heading: 'Existing customers',
        body: 'A customer who gave you their number for a booking or an order may get reminders, confirmations and follow-ups without recorded consent. Mark them as existing customers on the contact, at import or in bulk. Promotional calls still need marketing consent.',
      },
      {
        heading: 'Recording consent at import',
        body: 'In the second step of Import CSV, match your file’s consent column (none, informational or marketing) and existing customer column (yes or no, true or false, 1 or 0), then choose what the other contacts agreed to: nothing is chosen for you. Each contact keeps where its consent came from (“Import: your file’s name”), when, and who recorded it. A value the import cannot read is listed with the problem rows.',
      },
      {
        heading: 'Recording consent in bulk',
        body: 'On Contacts, tick the contacts, or search or pick a tag and select every contact matching it, then choose Set consent. The dialog says how many contacts will change before anything does. The change is recorded as “Bulk edit”, with the date and your name. Tags can be added and removed the same way.',
      },
      {
        heading: 'What happens to promotional calls',
        body: 'A promotional call goes only to a contact with marketing consent. The schedule form refuses one to anyone else and says why, and a campaign skips those contacts and lists each one. Whoever you call can stop all calls by pressing 9 or saying “stop calling”: the number goes on your do-not-call list at once.',
      },
    ],
  },
];

const normalize = (text: string) =>
  text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '');

/** Whether every word of the query appears in one of the texts (case and accents ignored). */
export function matchesQuery(query: string, ...texts: string[]): boolean {
  const words = normalize(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const haystack = normalize(texts.join(' '));
  return words.every((word) => haystack.includes(word));
}

/** The topics, articles and questions that match a search (all of them for an empty search). */
export function searchHelp(query: string): { topics: HelpTopic[]; articles: HelpArticle[]; faqs: HelpFaq[] } {
  return {
    topics: HELP_TOPICS.filter((topic) =>
      matchesQuery(query, topic.title, topic.description, ...topic.steps),
    ),
    articles: HELP_ARTICLES.filter((article) =>
      matchesQuery(
        query,
        article.title,
        article.summary,
        ...article.sections.flatMap((section) => [section.heading, section.body]),
      ),
    ),
    faqs: HELP_FAQS.filter((faq) => matchesQuery(query, faq.question, faq.answer)),
  };
}
