import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement, ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { Toaster } from '@/components/ui/toaster';
import { TooltipProvider } from '@/components/ui/tooltip';
import { AuthProvider } from '@/features/auth/components/auth-provider';
import { createQueryClient } from '@/lib/query-client';
import { storeSession } from '@/test/session';

export interface RenderOptions {
  /** The address the page opens at, e.g. `/settings/calling-rules` or `/dashboard?schedule=1`. */
  route?: string;
  /** The route pattern the element is rendered under (default: the route's path), e.g. `/campaigns/:id`. */
  path?: string;
  /** Signed in with a stored session, read by the real auth provider and API client (default true). */
  signedIn?: boolean;
}

/**
 * Renders a page as the app does (`AppProviders` and the workspace layout): the app's own query client (its
 * error toasts included) with retries off, the real auth provider on a stored session, tooltips, the toast
 * outlet, and a memory router at `route`. Any other address the page links to renders "Went to <path>", so a
 * test can see where it navigated.
 */
export function renderWithProviders(
  ui: ReactElement,
  { route = '/', path, signedIn = true }: RenderOptions = {},
) {
  if (signedIn) storeSession();
  const queryClient = createQueryClient();
  // A failing request fails once: the test sees its error state at once.
  queryClient.setDefaultOptions({
    ...queryClient.getDefaultOptions(),
    queries: { ...queryClient.getDefaultOptions().queries, retry: false },
    mutations: { retry: false },
  });
  const router = createMemoryRouter(
    [
      { path: path ?? new URL(route, 'http://localhost').pathname, element: ui },
      { path: '*', element: <Elsewhere /> },
    ],
    { initialEntries: [route] },
  );
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <TooltipProvider>{children}</TooltipProvider>
        <Toaster />
      </AuthProvider>
    </QueryClientProvider>
  );
  // No pause between keystrokes: the tests type a lot, and nothing here depends on typing speed.
  const user = userEvent.setup({ delay: null });
  return { user, router, ...render(<RouterProvider router={router} />, { wrapper }) };
}

function Elsewhere() {
  const location = useLocation();
  return <p>Went to {location.pathname}</p>;
}
