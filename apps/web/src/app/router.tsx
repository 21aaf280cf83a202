import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { PageLoader } from '@/app/layouts/page-loader';
import { PublicLayout } from '@/app/layouts/public-layout';
import { RootLayout } from '@/app/layouts/root-layout';
import { RouteErrorBoundary } from '@/app/route-error-boundary';
import type { RouteHandle } from '@/app/route-handle';
import { paths } from '@/config/paths';
import { RequireAuth } from '@/features/auth/components/require-auth';

/** A route module loaded on first visit; its default export is the page. */
const page = (load: () => Promise<{ default: ComponentType }>) => async () => ({
  Component: (await load()).default,
});

const handle = (title: string): RouteHandle => ({ title });

const publicRoutes: RouteObject[] = [
  {
    index: true,
    handle: handle('AI Voice Calls for Small Businesses'),
    lazy: page(() => import('@/app/routes/landing')),
  },
  { path: paths.pricing, handle: handle('Pricing'), lazy: page(() => import('@/app/routes/pricing')) },
  { path: paths.about, handle: handle('About'), lazy: page(() => import('@/app/routes/about')) },
  { path: paths.demo, handle: handle('Demo'), lazy: page(() => import('@/app/routes/demo')) },
  { path: paths.login, handle: handle('Sign In'), lazy: page(() => import('@/app/routes/login')) },
  { path: paths.signup, handle: handle('Sign Up'), lazy: page(() => import('@/app/routes/signup')) },
  { path: paths.terms, handle: handle('Terms of Service'), lazy: page(() => import('@/app/routes/terms')) },
  { path: paths.privacy, handle: handle('Privacy Policy'), lazy: page(() => import('@/app/routes/privacy')) },
];

const workspaceRoutes: RouteObject[] = [
  { path: paths.dashboard, handle: handle('Dashboard'), lazy: page(() => import('@/app/routes/dashboard')) },
  { path: paths.contacts, handle: handle('Contacts'), lazy: page(() => import('@/app/routes/contacts')) },
  { path: paths.scripts, handle: handle('Scripts'), lazy: page(() => import('@/app/routes/scripts')) },
  {
    path: paths.callHistory,
    handle: handle('Call History'),
    lazy: page(() => import('@/app/routes/call-history')),
  },
  { path: paths.settings, handle: handle('Settings'), lazy: page(() => import('@/app/routes/settings')) },
  { path: paths.help, handle: handle('Help'), lazy: page(() => import('@/app/routes/help')) },
  { path: paths.api, handle: handle('API Documentation'), lazy: page(() => import('@/app/routes/api')) },
];

export const routes: RouteObject[] = [
  {
    Component: RootLayout,
    ErrorBoundary: RouteErrorBoundary,
    HydrateFallback: PageLoader,
    children: [
      { Component: PublicLayout, children: publicRoutes },
      {
        // Signed-in users only: visitors go to the sign-in page and come back here afterwards.
        Component: RequireAuth,
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
      { path: '*', handle: handle('Page Not Found'), lazy: page(() => import('@/app/routes/not-found')) },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
