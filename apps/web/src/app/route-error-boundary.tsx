import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { ErrorFallback } from '@/app/error-fallback';
import { formatDocumentTitle } from '@/hooks/use-document-title';

/** Shown by the router when a page fails to load or render. */
export function RouteErrorBoundary() {
  const error = useRouteError();
  useEffect(() => {
    console.error('Route error:', error);
    document.title = formatDocumentTitle('Something went wrong');
  }, [error]);
  return <ErrorFallback />;
}
