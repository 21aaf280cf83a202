import { SETTINGS_SECTIONS } from '@callwise/shared/routes';
import { PUBLIC_PAGE_META, type PublicPagePath } from '@callwise/shared/site';
import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { AdaptiveLayout } from '@/app/layouts/adaptive-layout';
import { PageLoader } from '@/app/layouts/page-loader';
import { PublicLayout } from '@/app/layouts/public-layout';
import { RootLayout } from '@/app/layouts/root-layout';
import { TwoFactorEnrollmentGate } from '@/app/layouts/two-factor-enrollment-gate';
import { RouteErrorBoundary } from '@/app/route-error-boundary';
import type { RouteHandle } from '@/app/route-handle';
import { paths } from '@/config/paths';
import { RequireAuth } from '@/features/auth/components/require-auth';

/** A route module loaded on first visit; its default export is the page. */
const page = (load: () => Promise<{ default: ComponentType }>) => async () => ({
  Component: (await load()).default,
});

const handle = (title: string, description?: string): RouteHandle => ({ title, description });
const publicHandle = (path: PublicPagePath): RouteHandle =>
  handle(PUBLIC_PAGE_META[path].title, PUBLIC_PAGE_META[path].description);

const publicRoutes: RouteObject[] = [
  { index: true, handle: publicHandle('/'), lazy: page(() => import('@/app/routes/landing')) },
  { path: paths.pricing, handle: publicHandle('/pricing'), lazy: page(() => import('@/app/routes/pricing')) },
  { path: paths.about, handle: publicHandle('/about'), lazy: page(() => import('@/app/routes/about')) },
  { path: paths.demo, handle: publicHandle('/demo'), lazy: page(() => import('@/app/routes/demo')) },
  { path: paths.status, handle: publicHandle('/status'), lazy: page(() => import('@/app/routes/status')) },
  { path: paths.login, handle: publicHandle('/login'), lazy: page(() => import('@/app/routes/login')) },
  { path: paths.signup, handle: publicHandle('/signup'), lazy: page(() => import('@/app/routes/signup')) },
  // The link of an invitation e-mail: a new member joins a business (its own title; not in the sitemap).
  {
    path: paths.invite,
    handle: handle('Join your team', 'Accept an invitation to join a business on Callwise.'),
    lazy: page(() => import('@/app/routes/invite')),
  },
  { path: paths.terms, handle: publicHandle('/terms'), lazy: page(() => import('@/app/routes/terms')) },
  { path: paths.privacy, handle: publicHandle('/privacy'), lazy: page(() => import('@/app/routes/privacy')) },
];

const workspaceRoutes: RouteObject[] = [
  { path: paths.dashboard, handle: handle('Dashboard'), lazy: page(() => import('@/app/routes/dashboard')) },
  { path: paths.contacts, handle: handle('Contacts'), lazy: page(() => import('@/app/routes/contacts')) },
  {
    path: paths.appointments,
    handle: handle('Appointments'),
    lazy: page(() => import('@/app/routes/appointments')),
  },
  { path: paths.scripts, handle: handle('Scripts'), lazy: page(() => import('@/app/routes/scripts')) },
  {
    path: paths.callHistory,
    handle: handle('Call History'),
    lazy: page(() => import('@/app/routes/call-history')),
  },
  { path: paths.messages, handle: handle('Messages'), lazy: page(() => import('@/app/routes/messages')) },
  { path: paths.campaigns, handle: handle('Campaigns'), lazy: page(() => import('@/app/routes/campaigns')) },
  {
    path: paths.newCampaign,
    handle: handle('New Campaign'),
    lazy: page(() => import('@/app/routes/campaigns-new')),
  },
  {
    path: paths.campaign,
    handle: handle('Campaign'),
    lazy: page(() => import('@/app/routes/campaigns-detail')),
  },
  // Settings: /settings opens its first section; each section is a page of its own (/settings/billing, …).
  ...[paths.settings, ...SETTINGS_SECTIONS.map((section) => section.path)].map(
    (path): RouteObject => ({
      path,
      handle: handle('Settings'),
      lazy: page(() => import('@/app/routes/settings')),
    }),
  ),
];

export const routes: RouteObject[] = [
  {
    Component: RootLayout,
    ErrorBoundary: RouteErrorBoundary,
    HydrateFallback: PageLoader,
    children: [
      { Component: PublicLayout, children: publicRoutes },
      {
        // Help is for everyone: in the workspace for a signed-in user, with the public header for a visitor.
        Component: AdaptiveLayout,
        children: [
          { path: paths.help, handle: publicHandle('/help'), lazy: page(() => import('@/app/routes/help')) },
          // The API documentation too: an integrator reads it before signing up (spec: no guard on /api).
          {
            path: paths.api,
            handle: handle(
              'API Documentation',
              'The Callwise REST API: API keys, rate limits, idempotency, every endpoint with examples in cURL, JavaScript and Python, and webhooks.',
            ),
            lazy: page(() => import('@/app/routes/api')),
          },
        ],
      },
      {
        // Signed-in users only: visitors go to the sign-in page and come back here afterwards.
        Component: RequireAuth,
        children: [
          {
            // A business that requires two-factor sign-in: a member without a second factor sets one up first.
            Component: TwoFactorEnrollmentGate,
            children: [
              {
                // The workspace shell (sidebar and all) is its own chunk: public pages never download it.
                lazy: async () => ({
                  Component: (await import('@/app/layouts/workspace-layout')).WorkspaceLayout,
                }),
                children: workspaceRoutes,
              },
            ],
          },
        ],
      },
      // A customer's own page of their appointment (the signed link in their reminder): no account, no site chrome.
      {
        path: paths.selfService,
        handle: handle('Your appointment'),
        lazy: page(() => import('@/app/routes/self-service')),
      },
      // A customer's way out of a business's messages (the link at the foot of its e-mails): no account either.
      {
        path: paths.unsubscribe,
        handle: handle('Stop messages'),
        lazy: page(() => import('@/app/routes/unsubscribe')),
      },
      { path: '*', handle: handle('Page Not Found'), lazy: page(() => import('@/app/routes/not-found')) },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
