import { LayoutDashboardIcon, LogInIcon, LogOutIcon, MenuIcon, XIcon } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { Logo } from '@/components/logo';
import { Button } from '@/components/ui/button';
import { publicNavigation } from '@/config/navigation';
import { paths } from '@/config/paths';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { useSignOut } from '@/features/auth/hooks/use-sign-out';
import { cn } from '@/lib/utils';

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'rounded-md px-3 py-2 text-sm font-medium text-muted-foreground transition-colors outline-none',
    'hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50',
    isActive && 'text-foreground',
  );

/**
 * The header of the public pages (product spec section 2): Pricing and About; a visitor gets "Sign In" and
 * "Start Free Trial" (to sign up), a signed-in user Dashboard and Sign Out. Nothing shows in that place while the
 * session resolves. Below 640 px the links, and Sign In, fold into a menu.
 */
export function PublicHeader() {
  const { status } = useAuth();
  const signOut = useSignOut();
  const { pathname } = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();
  const menuButton = useRef<HTMLButtonElement>(null);
  const signedIn = status === 'signed-in';

  // A followed link closes the menu.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the page changes.
  useEffect(() => setMenuOpen(false), [pathname]);

  useEffect(() => {
    if (!menuOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setMenuOpen(false);
      menuButton.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [menuOpen]);

  return (
    <header className="sticky top-0 z-40 border-b bg-background/90 backdrop-blur supports-[backdrop-filter]:bg-background/75">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-2 px-4 sm:gap-4 sm:px-6">
        <Link
          to={paths.home}
          className="-m-1 rounded-md p-1 outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
        >
          <Logo />
        </Link>

        <nav aria-label="Main" className="ml-auto hidden items-center gap-1 sm:flex">
          {publicNavigation.map((item) => (
            <NavLink key={item.href} to={item.href} className={navLinkClass}>
              {item.title}
            </NavLink>
          ))}
        </nav>

        <div className="ml-auto flex items-center gap-2 sm:ml-2">
          {status === 'loading' ? null : signedIn ? (
            <>
              <Button asChild size="sm">
                <Link to={paths.dashboard}>
                  <LayoutDashboardIcon aria-hidden="true" />
                  Dashboard
                </Link>
              </Button>
              <Button variant="ghost" size="sm" onClick={() => void signOut()}>
                <LogOutIcon aria-hidden="true" />
                <span className="max-sm:sr-only">Sign Out</span>
              </Button>
            </>
          ) : (
            <>
              <Button asChild size="sm" variant="ghost" className="max-sm:hidden">
                <Link to={paths.login}>Sign In</Link>
              </Button>
              <Button asChild size="sm">
                <Link to={paths.signup}>Start Free Trial</Link>
              </Button>
            </>
          )}

          <Button
            ref={menuButton}
            variant="ghost"
            size="icon"
            className="size-9 sm:hidden"
            aria-label={menuOpen ? 'Close menu' : 'Open menu'}
            aria-expanded={menuOpen}
            aria-controls={menuId}
            onClick={() => setMenuOpen((open) => !open)}
          >
            {menuOpen ? <XIcon aria-hidden="true" /> : <MenuIcon aria-hidden="true" />}
          </Button>
        </div>
      </div>

      <nav
        id={menuId}
        aria-label="Menu"
        hidden={!menuOpen}
        className="border-t bg-background px-4 pt-2 pb-4 shadow-sm sm:hidden"
      >
        <ul className="grid gap-1">
          {[...publicNavigation, { title: 'Demo', href: paths.demo }].map((item) => (
            <li key={item.href}>
              <NavLink
                to={item.href}
                className={({ isActive }) => cn(navLinkClass({ isActive }), 'block py-2.5')}
              >
                {item.title}
              </NavLink>
            </li>
          ))}
          {status === 'signed-out' ? (
            <li className="mt-1 border-t pt-2">
              <NavLink
                to={paths.login}
                className={({ isActive }) => cn(navLinkClass({ isActive }), 'flex items-center gap-2 py-2.5')}
              >
                <LogInIcon aria-hidden="true" className="size-4" />
                Sign In
              </NavLink>
            </li>
          ) : null}
        </ul>
      </nav>
    </header>
  );
}
