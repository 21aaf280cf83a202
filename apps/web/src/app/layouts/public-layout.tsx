import { Outlet } from 'react-router';
import { PublicFooter } from '@/app/layouts/public-footer';
import { PublicHeader } from '@/app/layouts/public-header';
import { SkipLink } from '@/components/skip-link';

/** Marketing, legal and sign-in pages: public header, page, footer. */
export function PublicLayout() {
  return (
    <div className="flex min-h-svh flex-col">
      <SkipLink />
      <PublicHeader />
      <main id="main" tabIndex={-1} className="flex flex-1 flex-col outline-none">
        <Outlet />
      </main>
      <PublicFooter />
    </div>
  );
}
