import { PRODUCT_NAME, TRIAL_CALLS } from './product.ts';

/** The title and description of a page: the document's <title>, meta description and Open Graph tags. */
export interface PageMeta {
  title: string;
  description: string;
}

/** The public pages' titles and descriptions, set by the web app and written into the HTML by the server. */
export const PUBLIC_PAGE_META = {
  '/': {
    title: 'AI Voice Calls for Small Businesses',
    description: `${PRODUCT_NAME} schedules automated AI voice phone calls for small businesses: appointment reminders, order confirmations, follow-ups and promotions, with realistic voices and call analytics. Start with ${TRIAL_CALLS} free calls.`,
  },
  '/pricing': {
    title: 'Pricing',
    description: `Simple monthly plans for automated AI voice calls: Starter, Professional and Enterprise. Start with a free trial of ${TRIAL_CALLS} calls, no credit card required.`,
  },
  '/about': {
    title: 'About',
    description: `Why we built ${PRODUCT_NAME}: our mission, our story and the values behind the AI phone calls that keep small businesses' customers on schedule.`,
  },
  '/demo': {
    title: 'Demo',
    description: `Hear ${PRODUCT_NAME} sample calls in realistic AI voices and talk to the assistant yourself in an interactive demo call. No account needed.`,
  },
  '/status': {
    title: 'Status',
    description: `Whether ${PRODUCT_NAME} is up right now: the API, the web app and the database, checked live.`,
  },
  '/help': {
    title: 'Help',
    description: `Answers about scheduling calls, scripts, voices and billing in ${PRODUCT_NAME}, and a way to reach our support team.`,
  },
  '/terms': {
    title: 'Terms of Service',
    description: `The terms that govern the use of ${PRODUCT_NAME}, including your responsibilities for consent and do-not-call rules when placing automated calls.`,
  },
  '/privacy': {
    title: 'Privacy Policy',
    description: `What information ${PRODUCT_NAME} collects, how it is used and kept, the cookies we use, and the choices you have.`,
  },
  '/login': {
    title: 'Sign In',
    description: `Sign in to ${PRODUCT_NAME} to schedule AI voice calls and review your call history.`,
  },
  '/signup': {
    title: 'Sign Up',
    description: `Create your ${PRODUCT_NAME} account and place your first AI voice call in minutes. ${TRIAL_CALLS} calls free, no credit card required.`,
  },
} as const satisfies Record<string, PageMeta>;

export type PublicPagePath = keyof typeof PUBLIC_PAGE_META;

/** Every other page (the workspace, the 404 page): the product's own description. */
export const DEFAULT_DESCRIPTION = PUBLIC_PAGE_META['/'].description;

/** "<Page> · Callwise", the one way the product titles a page. */
export function documentTitle(page: string | undefined): string {
  return page ? `${page} · ${PRODUCT_NAME}` : PRODUCT_NAME;
}
