// Build time only (vite.config.ts, `pageHeads`): the public pages as a visitor first sees them, rendered to
// HTML so that they paint before any JavaScript has run. In the browser, main.tsx renders the app over it.
import type { PublicPagePath } from '@callwise/shared/site';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter, Route, Routes } from 'react-router';
import { PublicLayout } from '@/app/layouts/public-layout';
import AboutPage from '@/app/routes/about';
import DemoPage from '@/app/routes/demo';
import HelpPage from '@/app/routes/help';
import LandingPage from '@/app/routes/landing';
import LoginPage from '@/app/routes/login';
import PricingPage from '@/app/routes/pricing';
import PrivacyPage from '@/app/routes/privacy';
import SignupPage from '@/app/routes/signup';
import TermsPage from '@/app/routes/terms';
import { AuthContext, type AuthContextValue } from '@/features/auth/hooks/use-auth';

const PAGES: Record<PublicPagePath, ComponentType> = {
  '/': LandingPage,
  '/pricing': PricingPage,
  '/about': AboutPage,
  '/demo': DemoPage,
  '/help': HelpPage,
  '/terms': TermsPage,
  '/privacy': PrivacyPage,
  '/login': LoginPage,
  '/signup': SignupPage,
};

const unavailable = () => Promise.reject(new Error('Not available while prerendering'));

/** A visitor: what the browser knows at once when no session is stored. */
const visitor: AuthContextValue = {
  status: 'signed-out',
  user: null,
  recovery: false,
  signedOutByUser: false,
  getAccessToken: async () => null,
  signIn: unavailable,
  signUp: unavailable,
  signOut: unavailable,
  resetPassword: unavailable,
  updatePassword: unavailable,
  updateProfile: unavailable,
};

/** The page at `path` for a visitor, as HTML (the public layout and the page). */
export function renderPublicPage(path: PublicPagePath): string {
  const Page = PAGES[path];
  return renderToString(
    <QueryClientProvider client={new QueryClient()}>
      <AuthContext.Provider value={visitor}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route element={<PublicLayout />}>
              <Route path={path} element={<Page />} />
            </Route>
          </Routes>
        </MemoryRouter>
      </AuthContext.Provider>
    </QueryClientProvider>,
  );
}
