import { useEffect, useRef } from 'react';
import { Outlet, useLocation, useMatches } from 'react-router';
import { useBusinessTimeZone } from '@/app/layouts/use-business-time-zone';
import { useTrialUsage } from '@/app/layouts/use-trial-usage';
import { WorkspaceSidebar } from '@/app/layouts/workspace-sidebar';
import { pageTitle } from '@/app/route-handle';
import { useRole } from '@/app/use-role';
import { SkipLink } from '@/components/skip-link';
import { Separator } from '@/components/ui/separator';
import { SidebarInset, SidebarProvider, SidebarTrigger } from '@/components/ui/sidebar';
import { TooltipProvider } from '@/components/ui/tooltip';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { useSignOut } from '@/features/auth/hooks/use-sign-out';
import { useLiveCallUpdates } from '@/hooks/use-live-call-updates';

/**
 * After a move to another page, when the focus went with the page it was on (the link or button that led away
 * is gone), the new page's main region takes it, as the skip link would give it, instead of the body.
 */
function useFocusAfterNavigation() {
  const { pathname } = useLocation();
  const previous = useRef(pathname);
  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    const active = document.activeElement;
    if (!active || active === document.body) document.getElementById('main')?.focus({ preventScroll: true });
  }, [pathname]);
}

/** The signed-in workspace: sidebar, a top bar with the page title (the page's h1), the page. */
export function WorkspaceLayout() {
  const { user } = useAuth();
  const signOut = useSignOut();
  const usage = useTrialUsage();
  const title = pageTitle(useMatches());
  const timeZone = useBusinessTimeZone(user?.id ?? null);
  const role = useRole();
  // Call history, the dashboard and the badge above follow call changes as they happen.
  useLiveCallUpdates();
  useFocusAfterNavigation();

  return (
    // Tooltips live in the workspace only, so the public pages do not load them.
    <TooltipProvider>
      <SidebarProvider>
        <SkipLink />
        <WorkspaceSidebar
          usage={usage}
          email={user?.email ?? null}
          role={role}
          onSignOut={() => void signOut()}
        />
        <SidebarInset>
          <header className="sticky top-0 z-10 flex h-14 shrink-0 items-center gap-2 border-b bg-background/90 px-3 backdrop-blur supports-[backdrop-filter]:bg-background/75 sm:px-4">
            <SidebarTrigger />
            <Separator orientation="vertical" className="mr-1 h-5!" />
            <h1 className="truncate text-base font-semibold tracking-tight">{title}</h1>
          </header>
          <main id="main" tabIndex={-1} className="flex-1 px-4 py-6 outline-none sm:px-6 lg:px-8 lg:py-8">
            {/* A new business time zone remounts the page: no form keeps a time read in the old one. */}
            <div key={timeZone} className="mx-auto w-full max-w-6xl">
              <Outlet />
            </div>
          </main>
        </SidebarInset>
      </SidebarProvider>
    </TooltipProvider>
  );
}
