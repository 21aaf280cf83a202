import { MailCheckIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { LocalMailboxNotice } from '@/features/auth/components/local-mailbox-notice';

export interface CheckEmailProps {
  email: string;
  /** Back to the sign-up form, to use another address. */
  onStartOver: () => void;
}

/** After sign-up: the account waits for the link e-mailed to its address. */
export function CheckEmail({ email, onStartOver }: CheckEmailProps) {
  return (
    <Card className="w-full shadow-md" data-testid="check-email">
      <CardHeader className="justify-items-center text-center">
        <span className="mb-2 flex size-12 items-center justify-center rounded-full bg-success-soft text-success-soft-foreground">
          <MailCheckIcon aria-hidden="true" className="size-6" />
        </span>
        <h1 className="text-2xl font-semibold tracking-tight">Check your email</h1>
        <CardDescription className="text-base">
          We sent a verification link to{' '}
          <strong className="font-medium wrap-anywhere text-foreground">{email}</strong>. Open it to confirm
          your address, and you are signed in to your free trial.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <LocalMailboxNotice />
        <p className="text-center text-sm text-muted-foreground">
          Nothing after a few minutes? Look in your spam folder, or check that the address is right.
        </p>
      </CardContent>
      <CardFooter className="flex-col-reverse gap-2 border-t pt-6 sm:flex-row sm:justify-center">
        <Button variant="outline" className="w-full sm:w-auto" onClick={onStartOver}>
          Use a different email
        </Button>
        <Button asChild className="w-full sm:w-auto">
          <Link to={paths.login}>Go to sign in</Link>
        </Button>
      </CardFooter>
    </Card>
  );
}
