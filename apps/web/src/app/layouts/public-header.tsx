import { LayoutDashboardIcon, LogOutIcon, MenuIcon } from 'lucide-react';
import { Link, NavLink } from 'react-router';
import { Logo } from '@/components/logo';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { publicNavigation } from '@/config/navigation';
import { paths } from '@/config/paths';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { useSignOut } from '@/features/auth/hooks/use-sign-out';
import { cn } from '@/lib/utils';

export function PublicHeader() {
  const { status } = useAuth();
  const signOut = useSignOut();
  const signedIn = status === 'signed-in';

  return (
    <header className="sticky top-0 z-40 border-b bg-background/90 backdrop-blur supports-[backdrop-filter]:bg-background/75">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-4 px-4 sm:px-6">
        <Link
          to={paths.home}
          className="-m-1 rounded-md p-1 outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
        >
          <Logo />
        </Link>

        <nav aria-label="Main" className="ml-auto hidden items-center gap-1 sm:flex">
          {publicNavigation.map((item) => (
            <NavLink
              key={item.href}
              to={item.href}
              className={({ isActive }) =>
                cn(
                  'rounded-md px-3 py-2 text-sm font-medium text-muted-foreground transition-colors outline-none',
                  'hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50',
                  isActive && 'text-foreground',
                )
              }
            >
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
            <Button asChild size="sm">
              <Link to={paths.login}>Start Free Trial</Link>
            </Button>
          )}

          <DropdownMenu>
            <DropdownMenuTrigger asChild>
              <Button variant="ghost" size="icon" className="size-8 sm:hidden" aria-label="Open menu">
                <MenuIcon aria-hidden="true" />
              </Button>
            </DropdownMenuTrigger>
            <DropdownMenuContent align="end" className="w-44">
              {publicNavigation.map((item) => (
                <DropdownMenuItem key={item.href} asChild>
                  <Link to={item.href}>{item.title}</Link>
                </DropdownMenuItem>
              ))}
              <DropdownMenuItem asChild>
                <Link to={paths.demo}>Demo</Link>
              </DropdownMenuItem>
            </DropdownMenuContent>
          </DropdownMenu>
        </div>
      </div>
    </header>
  );
}
