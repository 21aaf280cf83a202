import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppErrorBoundary } from '@/app/app-error-boundary';
import { AppProviders } from '@/app/providers';
import { createAppRouter } from '@/app/router';
import { mayHaveSession, prefetchAuthClient } from '@/lib/auth-client';
import './index.css';

const container = document.getElementById('root');
if (!container) throw new Error('The #root element is missing from index.html');

// A signed-in user's page needs the auth client (its own chunk) before it can show anything: fetch its code
// together with the page's code instead of after it. A visitor without a session never loads it.
if (mayHaveSession()) prefetchAuthClient();

const router = createAppRouter();

/** Resolves once the first page's code has loaded (its chunk is preloaded with the HTML of public pages). */
function firstPageReady(): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
}

// The first paint is the page itself, not a loading state; rendering as a transition lets React yield to the
// browser while it builds the page.
void firstPageReady().then(() =>
  startTransition(() =>
    createRoot(container).render(
      <StrictMode>
        <AppErrorBoundary>
          <AppProviders>
            <RouterProvider router={router} />
          </AppProviders>
        </AppErrorBoundary>
      </StrictMode>,
    ),
  ),
);
