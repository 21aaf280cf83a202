import { HomeIcon } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { Logo } from '@/components/logo';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';

export default function NotFoundPage() {
  const { pathname } = useLocation();

  useEffect(() => {
    console.error('404 Error: User attempted to access non-existent route:', pathname);
  }, [pathname]);

  return (
    <main id="main" className="flex min-h-svh flex-col bg-muted/40">
      <div className="px-4 py-5 sm:px-6">
        <Link
          to={paths.home}
          className="-m-1 inline-flex rounded-md p-1 outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
        >
          <Logo />
        </Link>
      </div>
      <div className="flex flex-1 flex-col items-center justify-center px-4 pb-24 text-center">
        <h1 className="text-7xl font-bold tracking-tight text-primary sm:text-8xl">404</h1>
        <p className="mt-4 text-xl font-medium">Oops! Page not found</p>
        <p className="mt-2 max-w-sm text-muted-foreground">
          The page you are looking for does not exist or has moved.
        </p>
        <Button asChild size="lg" className="mt-8">
          <Link to={paths.home}>
            <HomeIcon aria-hidden="true" />
            Return to Home
          </Link>
        </Button>
      </div>
    </main>
  );
}
