import { PRODUCT_NAME } from '@callwise/shared/product';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ShieldCheckIcon } from 'lucide-react';
import { useRef, useState } from 'react';
import { LogoMark } from '@/components/logo';
import { SkipLink } from '@/components/skip-link';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader } from '@/components/ui/card';
import { useSignOut } from '@/features/auth/hooks/use-sign-out';
import { meQueryOptions } from '@/features/settings/api/get-me';
import { TwoFactorSetupDialog } from '@/features/settings/components/two-factor-setup-dialog';
import { clearTwoFactorEnrollment } from '@/lib/two-factor-enrollment';

/**
 * Shown instead of the workspace to a member whose business requires two-factor sign-in and who has no second
 * factor yet: Settings → Security's own set-up (scan, verify, recovery codes), then into the app. GET /v1/me still
 * answers them, for the business's name.
 */
export default function TwoFactorEnrollmentPage() {
  const queryClient = useQueryClient();
  const signOut = useSignOut();
  const me = useQuery({ ...meQueryOptions(), meta: { silentErrors: true } });
  const business = me.data?.account.name ?? 'Your business';
  const [settingUp, setSettingUp] = useState(false);
  const enabled = useRef(false);
  const setupButton = useRef<HTMLButtonElement>(null);

  const close = (open: boolean) => {
    setSettingUp(open);
    if (open || !enabled.current) return;
    // Verified (the dialog said so), and the recovery codes seen: every refused request is asked again, and the
    // workspace comes back.
    clearTwoFactorEnrollment();
    void queryClient.invalidateQueries();
  };

  return (
    <div className="flex min-h-svh flex-col">
      <SkipLink />
      <main
        id="main"
        tabIndex={-1}
        className="flex flex-1 items-center justify-center bg-muted/40 px-4 py-12 outline-none sm:py-16"
      >
        <Card className="w-full max-w-md shadow-md">
          <CardHeader className="justify-items-center text-center">
            <LogoMark className="mb-2 size-10" />
            <h1 className="text-2xl font-semibold tracking-tight text-balance">Set up two-factor sign-in</h1>
            <CardDescription>{business} requires two-factor sign-in. Set it up to continue.</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-4">
            <p className="flex items-start gap-3 rounded-lg border bg-muted/40 p-4 text-sm">
              <ShieldCheckIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
              <span>
                You need an authenticator app on your phone (such as Google Authenticator, 1Password or
                Authy). Each time you sign in to {PRODUCT_NAME}, it gives you a code to enter after your
                password.
              </span>
            </p>
            <Button ref={setupButton} size="lg" className="w-full" onClick={() => setSettingUp(true)}>
              Set up authenticator app
            </Button>
          </CardContent>
          <CardFooter className="justify-center border-t pt-6">
            <Button variant="ghost" onClick={() => void signOut()}>
              Sign out
            </Button>
          </CardFooter>
        </Card>
      </main>
      <TwoFactorSetupDialog
        open={settingUp}
        onOpenChange={close}
        onEnabled={() => {
          enabled.current = true;
        }}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          if (!enabled.current) setupButton.current?.focus();
        }}
      />
    </div>
  );
}
