import { PRODUCT_NAME } from '@callwise/shared/product';
import { Link, Navigate } from 'react-router';
import { LogoMark } from '@/components/logo';
import { Card, CardContent, CardDescription, CardFooter, CardHeader } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { SignInForm } from '@/features/auth/components/sign-in-form';
import { useAuth } from '@/features/auth/hooks/use-auth';

const legalLink = 'font-medium text-foreground underline underline-offset-4 hover:text-primary';

export default function LoginPage() {
  const { status } = useAuth();
  if (status === 'loading') return <Spinner className="flex-1 py-32" size="lg" label="Loading..." />;
  if (status === 'signed-in') return <Navigate to={paths.home} replace />;

  return (
    <div className="flex flex-1 items-center justify-center bg-muted/40 px-4 py-12 sm:py-16">
      <Card className="w-full max-w-md shadow-md">
        <CardHeader className="justify-items-center text-center">
          <LogoMark className="mb-2 size-10" />
          <h1 className="text-2xl font-semibold tracking-tight">Welcome Back</h1>
          <CardDescription>Sign in to your {PRODUCT_NAME} account</CardDescription>
        </CardHeader>
        <CardContent>
          <SignInForm />
        </CardContent>
        <CardFooter className="justify-center border-t pt-6">
          <p className="text-center text-xs leading-relaxed text-muted-foreground">
            By signing in, you agree to our{' '}
            <Link to={paths.terms} className={legalLink}>
              Terms of Service
            </Link>{' '}
            and{' '}
            <Link to={paths.privacy} className={legalLink}>
              Privacy Policy
            </Link>
            .
          </p>
        </CardFooter>
      </Card>
    </div>
  );
}
