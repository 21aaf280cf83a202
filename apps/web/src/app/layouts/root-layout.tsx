import { Outlet, ScrollRestoration, useMatches, useNavigation } from 'react-router';
import { pageDescription, pageTitle } from '@/app/route-handle';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { cn } from '@/lib/utils';

/** Wraps every page: document title and description from the route, scroll restoration, a progress bar while a page loads. */
export function RootLayout() {
  const matches = useMatches();
  useDocumentTitle(pageTitle(matches), pageDescription(matches));
  const loading = useNavigation().state === 'loading';
  return (
    <>
      <div
        aria-hidden="true"
        className={cn(
          'pointer-events-none fixed inset-x-0 top-0 z-[70] h-0.5 origin-left bg-primary transition-[transform,opacity] duration-500 ease-out',
          loading ? 'scale-x-75 opacity-100' : 'scale-x-0 opacity-0 duration-150',
        )}
      />
      <Outlet />
      <ScrollRestoration />
    </>
  );
}
