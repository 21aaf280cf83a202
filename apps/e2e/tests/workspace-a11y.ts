import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { apiPost, createUser, expect, type SignedInUser, seriousViolations, test } from './fixtures.ts';

// What the accessibility walk of the workspace shares: the pages it visits, the axe check, waiting for a page
// to settle, the seeded user, and the ways it opens and closes things.

/** The workspace's pages beyond WORKSPACE_PATHS: the ones for everyone that a signed-in user sees inside it. */
export const SHARED_PAGES = ['/help', '/api'];

/** Each page the walk visits, with the address it uses (`:id` filled in). */
export const PAGES: Record<string, string> = {
  '/dashboard': '/dashboard',
  '/contacts': '/contacts',
  '/appointments': '/appointments',
  '/scripts': '/scripts',
  '/call-history': '/call-history',
  '/messages': '/messages',
  '/campaigns': '/campaigns',
  '/campaigns/new': '/campaigns/new',
  '/campaigns/:id': '/campaigns/:id',
  '/settings': '/settings',
  '/settings/profile': '/settings/profile',
  '/settings/team': '/settings/team',
  '/settings/notifications': '/settings/notifications',
  '/settings/calling-rules': '/settings/calling-rules',
  '/settings/texts': '/settings/texts',
  '/settings/booking': '/settings/booking',
  '/settings/assistant': '/settings/assistant',
  '/settings/do-not-call': '/settings/do-not-call',
  '/settings/security': '/settings/security',
  '/settings/api-keys': '/settings/api-keys',
  '/settings/webhooks': '/settings/webhooks',
  '/settings/billing': '/settings/billing',
  '/settings/audit-log': '/settings/audit-log',
  '/help': '/help',
  '/api': '/api',
};

export const WIDTHS = [1280, 360] as const;

/** WCAG 2.1 A and AA, and axe's best practices (heading order among them). */
export const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

/** Serious and critical problems, and any skipped heading level (Lighthouse's `heading-order`). */
export const problems = (page: Page, within?: string) =>
  seriousViolations(page, { within, tags: TAGS, alsoRules: ['heading-order'] });

/**
 * Waits until nothing is moving (dialogs and sheets slide and fade in); endless spinners aside. Checked every
 * 100 ms (not on animation frames, which a loaded machine may starve) for at most 30 s: a page still moving then is
 * checked as it is, and what moved is noted on the test (once a CI run waited here for ten minutes, unexplained).
 */
export async function settled(page: Page) {
  const still = await page
    .waitForFunction(
      () =>
        document
          .getAnimations()
          .every(
            (animation) =>
              animation.playState !== 'running' ||
              animation.effect?.getComputedTiming().iterations === Infinity,
          ),
      undefined,
      { polling: 100, timeout: 30_000 },
    )
    .then(
      () => null,
      async () => page.evaluate(movingNow),
    );
  if (still) {
    test.info().annotations.push({ type: 'still moving after 30 s', description: still.join('; ') });
  }
}

/** What is moving now: each running animation or transition that ends, with its element (runs in the page). */
export function movingNow(): string[] {
  return document
    .getAnimations()
    .filter(
      (animation) =>
        animation.playState === 'running' && animation.effect?.getComputedTiming().iterations !== Infinity,
    )
    .map((animation) => {
      const target = (animation.effect as KeyframeEffect | null)?.target;
      const what =
        'animationName' in animation
          ? String(animation.animationName)
          : 'transitionProperty' in animation
            ? String(animation.transitionProperty)
            : animation.id;
      const where = target
        ? `${target.tagName.toLowerCase()}[class="${target.getAttribute('class') ?? ''}"]`
        : '?';
      return `${what} on ${where} (${Math.round(Number(animation.currentTime ?? 0))} ms in)`;
    });
}

/** Nothing sticks out to the right: else the innermost elements that do (tag, classes, right edge). */
export async function widerThanScreen(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth <= width) return [];
    const out = Array.from(document.querySelectorAll('body *')).filter(
      (element) => element.getBoundingClientRect().right > width + 1,
    );
    return out
      .filter((element) => !out.some((other) => other !== element && element.contains(other)))
      .slice(0, 5)
      .map(
        (element) =>
          `${element.tagName.toLowerCase()}.${Array.from(element.classList).slice(0, 6).join('.')} → ${Math.round(element.getBoundingClientRect().right)} px`,
      );
  });
}

/** A user with something on every page: contacts, a script, calls (one still to come), a campaign, a blocked number. */
/** The date an instant falls on in this machine's zone (the business's: the fixtures sign up with it), as YYYY-MM-DD. */
export const dayOf = (at: Date) =>
  `${at.getFullYear()}-${String(at.getMonth() + 1).padStart(2, '0')}-${String(at.getDate()).padStart(2, '0')}`;

export async function seededUser(
  request: APIRequestContext,
): Promise<{ user: SignedInUser; campaignId: string; appointmentDay: string }> {
  const user = await createUser(request);
  const contacts = [
    { name: 'Ana Alvarez', phone: '+12025550100', tags: ['spring', 'vip'] },
    { name: 'Ben Brooks', phone: '+12025550150', tags: ['spring'] },
    { name: 'Cleo Chen', phone: '+12025550111', tags: [] },
  ];
  const ids: string[] = [];
  for (const contact of contacts) {
    const created = await apiPost(request, user, '/v1/contacts', {
      ...contact,
      consent: 'informational',
      email: `${contact.name.split(' ')[0]?.toLowerCase()}@example.com`,
      company: 'Example Co',
    });
    ids.push(created.id);
  }
  const script = await apiPost(request, user, '/v1/scripts', {
    title: 'Spring cleaning',
    content: 'Hi {{name}}, your spring cleaning is on {{date}}. Press 1 to confirm.',
    category: 'Reminder',
  });
  const later = new Date(Date.now() + 3 * 24 * 3600_000).toISOString();
  // One call placed now (the simulated carrier answers it: a recording), one still to come (it can be cancelled).
  await apiPost(request, user, '/v1/calls', {
    phone: '+12025550123',
    recipient_name: 'Eve Evans',
    message: 'Hi {{name}}, your order is ready for pickup.',
  });
  await apiPost(request, user, '/v1/calls', {
    phone: '+12025550124',
    recipient_name: 'Dora Diaz',
    message: 'Hi {{name}}, this is a reminder of your cleaning tomorrow.',
    scheduled_at: later,
  });
  const campaign = await apiPost(request, user, '/v1/campaigns', {
    name: 'Spring cleanings',
    script_id: script.id,
    contact_ids: ids.slice(0, 2),
    default_variables: { date: 'Friday' },
    starts_at: later,
  });
  await apiPost(request, user, '/v1/do-not-call', { phone: '+12025550199', note: 'Asked by e-mail' });
  // A text to a customer who never replies (0122): a conversation for the Messages page.
  await apiPost(request, user, '/v1/messages', {
    to: '+12025550122',
    body: 'Hi Gil, your spring cleaning is on Friday. See you then!',
  });
  await apiPost(request, user, '/v1/appointments', {
    contact_id: ids[1],
    starts_at: later,
    service: 'Cleaning',
    location: 'Main office',
  });
  return { user, campaignId: campaign.id, appointmentDay: dayOf(new Date(later)) };
}

export const dialog = (page: Page, name: string | RegExp) => page.getByRole('dialog', { name });
export const alertDialog = (page: Page, name: string | RegExp) => page.getByRole('alertdialog', { name });

/** Closes a dialog with Escape and waits for it to go. */
export async function closeWithEscape(page: Page, open: Locator) {
  await page.keyboard.press('Escape');
  await expect(open).toBeHidden();
}

/**
 * Opens a dialog with its button right after another one closed: on a busy machine the first click can land while
 * the closed one still hands focus back (its tooltip in the way, the address still changing), so it is clicked
 * again until the dialog shows.
 */
export async function openWith(trigger: Locator, opened: Locator) {
  await expect(async () => {
    if (!(await opened.isVisible())) await trigger.click({ timeout: 5_000 });
    await expect(opened).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 30_000 });
}

/**
 * Chooses an option of a select right after a dialog closed, until the address shows it: the dialog handing focus
 * back can close the list the first click opened (seen once at 360 px, the address unchanged for 15 s).
 */
export async function choose(page: Page, select: string, option: string, address: RegExp) {
  await expect(async () => {
    const listed = page.getByRole('option', { name: option, exact: true });
    if (!(await listed.isVisible()))
      await page.getByRole('combobox', { name: select }).click({ timeout: 5_000 });
    await listed.click({ timeout: 5_000 });
    await expect(page).toHaveURL(address, { timeout: 5_000 });
  }).toPass({ timeout: 30_000 });
}

/** Visits each tab of /api, waiting for what it shows, and runs `check` on it. */
export async function eachApiTab(page: Page, check: (state: string) => Promise<void>) {
  await expect(page.getByRole('heading', { name: 'Quick start' })).toBeVisible();
  await check('API: Overview');
  for (const [tab, heading] of [
    ['Authentication', 'Bearer API key'],
    ['Endpoints', 'Calls'],
    ['Examples', 'Place a call now'],
  ] as const) {
    await page.getByRole('tab', { name: tab }).click();
    await expect(page.getByRole('tabpanel').getByRole('heading', { name: heading }).first()).toBeVisible();
    await check(`API: ${tab}`);
  }
}

/** What each step of the walk needs: the page at its width, the check of what is on screen, and the seeded data. */
export interface WalkContext {
  page: Page;
  width: number;
  /** Checks what is on screen now (and notes `path` as visited); failures are collected. */
  check: (state: string, path?: string) => Promise<void>;
  /** The page's level-1 heading. */
  h1: (name: string) => Locator;
  /** The pages checked so far. */
  visited: Set<string>;
  campaignId: string;
  appointmentDay: string;
  user: SignedInUser;
}
