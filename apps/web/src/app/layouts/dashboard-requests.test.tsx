import { dashboardSchema } from '@callwise/shared/schemas/dashboard';
import { screen } from '@testing-library/react';
import { http } from 'msw';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useTrialUsage } from '@/app/layouts/use-trial-usage';
import { JUST_FETCHED_MS, useDashboard } from '@/features/dashboard/api/get-dashboard';
import { build } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { recordRequests, reply, server, url } from '@/test/server';

const dashboard = build('dashboard', dashboardSchema, {
  total_calls: 3,
  success_rate: 67,
  scheduled_calls: 1,
  needs_attention: 0,
  average_duration: 42,
  contacts: 2,
  usage: { plan: 'trial', used: 3, included: 10, remaining: 7, percent: 30 },
  recent_calls: [],
  daily: [],
  slots_refilled: 0,
  timezone: 'America/New_York',
  onboarding: { steps: [{ id: 'profile', done: true }], done: 1, total: 1, hidden: false },
});

/** The sidebar's badge, and the dashboard page opened (and closed) by a button, as the workspace has them. */
function Workspace() {
  const badge = useTrialUsage();
  const [open, setOpen] = useState(false);
  return (
    <>
      <p>{badge ?? 'no badge yet'}</p>
      <button type="button" onClick={() => setOpen(!open)}>
        {open ? 'Leave the dashboard' : 'Open the dashboard'}
      </button>
      {open && <DashboardPage />}
    </>
  );
}

function DashboardPage() {
  const { data } = useDashboard();
  return <p>{data ? `${data.total_calls} calls placed` : 'loading'}</p>;
}

const dashboardRequests = (sent: ReturnType<typeof recordRequests>) =>
  sent.filter((request) => request.path === '/dashboard').length;

beforeEach(() => {
  server.use(http.get(url('/v1/dashboard'), () => reply(dashboardSchema, dashboard)));
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the dashboard query', () => {
  it('is asked once when the page opens just after the sidebar asked, and afresh when it opens later', async () => {
    const sent = recordRequests();
    const { user } = renderWithProviders(<Workspace />, { route: '/dashboard' });
    expect(await screen.findByText('Trial: 7/10 calls remaining')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Open the dashboard' }));
    expect(await screen.findByText('3 calls placed')).toBeInTheDocument();
    expect(dashboardRequests(sent)).toBe(1);

    // Opened again once the answer is older than "just now": asked again.
    await user.click(screen.getByRole('button', { name: 'Leave the dashboard' }));
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + JUST_FETCHED_MS + 1);
    await user.click(screen.getByRole('button', { name: 'Open the dashboard' }));
    await vi.waitFor(() => expect(dashboardRequests(sent)).toBe(2));
  });
});
