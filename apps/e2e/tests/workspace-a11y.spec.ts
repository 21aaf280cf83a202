import { WORKSPACE_PATHS } from '@callwise/shared/routes';
import { expect, restoreSession, test } from './fixtures.ts';
import {
  PAGES,
  problems,
  SHARED_PAGES,
  seededUser,
  settled,
  WIDTHS,
  widerThanScreen,
} from './workspace-a11y.ts';
import { walkApiDocumentation, walkHelp, walkSettings } from './workspace-a11y-settings.ts';
import {
  walkAppointments,
  walkCallHistory,
  walkCampaigns,
  walkContacts,
  walkMessages,
  walkNavigation,
  walkScheduleACall,
  walkScripts,
} from './workspace-a11y-work.ts';

// Every signed-in page, and each dialog, sheet, wizard step and settings section on it, at a desktop (1280 px)
// and a phone (360 px) width: axe (WCAG 2.1 A and AA, and best practices) finds no serious or critical
// problem, the headings go down one level at a time, and nothing is wider than the screen.
// One user per width, signed up once; the walk reuses one page. A new workspace page joins `PAGES` (workspace-a11y.ts; the
// first test fails until it does).

test('every workspace page is in the walk', () => {
  for (const path of [...WORKSPACE_PATHS, ...SHARED_PAGES]) {
    expect(Object.keys(PAGES), `${path} has no accessibility check: add it to PAGES and the walk`).toContain(
      path,
    );
  }
});

for (const width of WIDTHS) {
  test(`every signed-in state at ${width} px: no serious or critical axe problem, nothing wider than the screen`, async ({
    page,
  }) => {
    // About fifty states, each read whole by axe: 5–7 minutes on a busy 2-core machine.
    test.setTimeout(900_000);
    await page.setViewportSize({ width, height: width === 360 ? 740 : 900 });
    const { user, campaignId, appointmentDay } = await seededUser(page.request);
    await restoreSession(page, user.session);
    const visited = new Set<string>();

    /** Checks what is on screen now; failures are collected, so one run lists every state that fails. */
    const check = async (state: string, path?: string) => {
      if (path) visited.add(path);
      await settled(page);
      // A dialog or sheet: only it (the page under it, hidden from assistive technology, was just checked).
      const modal = '[role="dialog"][data-state="open"], [role="alertdialog"][data-state="open"]';
      const scope = (await page.locator(modal).count()) > 0 ? modal : undefined;
      let found = await problems(page, scope);
      if (found.length > 0) {
        // Something began to move after the page settled (a toast sliding in is read at part opacity): noted, and
        // read again once it has settled. A problem that stays is reported.
        const toasts = await page.locator('[data-sonner-toast]').allInnerTexts();
        test.info().annotations.push({
          type: 'read again',
          description: `${state} at ${width} px: ${found.map((problem) => problem.rule).join(', ')}; toasts: ${toasts.join(' | ') || 'none'}`,
        });
        await settled(page);
        found = await problems(page, scope);
      }
      expect.soft(found, `${state} at ${width} px`).toEqual([]);
      expect.soft(await widerThanScreen(page), `${state} at ${width} px: wider than the screen`).toEqual([]);
    };
    const h1 = (name: string) => page.getByRole('heading', { level: 1, name, exact: true });
    const walk = { page, width, check, h1, visited, campaignId, appointmentDay, user };

    await test.step('navigation', () => walkNavigation(walk));
    await test.step('schedule a call', () => walkScheduleACall(walk));
    await test.step('contacts', () => walkContacts(walk));
    await test.step('appointments', () => walkAppointments(walk));
    await test.step('scripts', () => walkScripts(walk));
    await test.step('call history', () => walkCallHistory(walk));
    await test.step('messages', () => walkMessages(walk));
    await test.step('campaigns', () => walkCampaigns(walk));
    await test.step('settings', () => walkSettings(walk));
    await test.step('help', () => walkHelp(walk));
    await test.step('API documentation', () => walkApiDocumentation(walk));

    for (const path of Object.keys(PAGES)) expect.soft([...visited], 'pages checked').toContain(path);
  });
}
