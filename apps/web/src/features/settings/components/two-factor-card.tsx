import { useQueryClient } from '@tanstack/react-query';
import { KeyRoundIcon, RotateCwIcon, ShieldCheckIcon, SmartphoneIcon } from 'lucide-react';
import { type ReactNode, type Ref, useEffect, useRef, useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { useCreateRecoveryCodes } from '@/features/settings/api/create-recovery-codes';
import { type TwoFactor, twoFactorQueryKey, useTwoFactor } from '@/features/settings/api/get-two-factor';
import { useRemoveAuthenticator } from '@/features/settings/api/remove-authenticator';
import { RecoveryCodesStep } from '@/features/settings/components/recovery-codes';
import { TwoFactorSetupDialog } from '@/features/settings/components/two-factor-setup-dialog';
import { formatDate } from '@/lib/dates';

const row = 'flex flex-col gap-3 rounded-lg border p-4 sm:flex-row sm:items-center sm:justify-between';

function Status({ on }: { on: boolean }) {
  return (
    <p className="flex items-center gap-2 text-sm">
      <span className="text-muted-foreground">Status</span>
      <Badge variant={on ? 'success' : 'neutral'}>{on ? 'On' : 'Off'}</Badge>
    </p>
  );
}

/** On: the authenticator app (Remove) and the recovery codes left (Create new codes). */
function OnState({
  twoFactor,
  onRemove,
  onNewCodes,
  creatingCodes,
  newCodesButton,
}: {
  twoFactor: TwoFactor;
  onRemove: () => void;
  onNewCodes: () => void;
  creatingCodes: boolean;
  newCodesButton: Ref<HTMLButtonElement>;
}) {
  const { factor, recoveryCodes } = twoFactor;
  if (!factor) return null;
  const left = recoveryCodes?.remaining ?? 0;
  return (
    <div className="grid gap-4">
      <Status on />
      <ul aria-label="Authenticator apps" className="grid gap-3">
        <li className={row}>
          <div className="flex min-w-0 items-center gap-3">
            <SmartphoneIcon aria-hidden="true" className="size-5 shrink-0 text-muted-foreground" />
            <div className="min-w-0">
              <p className="text-sm font-medium wrap-anywhere">{factor.friendlyName}</p>
              <p className="text-[0.8125rem] text-muted-foreground">Added {formatDate(factor.createdAt)}</p>
            </div>
          </div>
          <Button variant="outline" size="sm" className="w-full sm:w-auto" onClick={onRemove}>
            Remove
          </Button>
        </li>
      </ul>
      <div className={row}>
        <div className="flex min-w-0 items-center gap-3">
          <KeyRoundIcon aria-hidden="true" className="size-5 shrink-0 text-muted-foreground" />
          <div className="min-w-0">
            <p className="text-sm font-medium" data-testid="recovery-codes-left">
              Recovery codes: {left} left
            </p>
            <p className="text-[0.8125rem] text-muted-foreground">
              {left === 0
                ? 'Create new codes so that you can still sign in without your phone.'
                : 'Each one signs you in once without your phone.'}
            </p>
          </div>
        </div>
        <Button
          ref={newCodesButton}
          variant="outline"
          size="sm"
          className="w-full sm:w-auto"
          onClick={onNewCodes}
          disabled={creatingCodes}
        >
          {creatingCodes ? 'Creating...' : 'Create new codes'}
        </Button>
      </div>
    </div>
  );
}

/**
 * Settings → Security → Two-factor sign-in: off (set up an authenticator app) or on (the app with Remove, the
 * recovery codes left with Create new codes). Focus goes back to the button that opened a dialog; when that
 * button is gone (turned on, turned off), to the card's next action.
 */
export function TwoFactorCard() {
  const queryClient = useQueryClient();
  const twoFactor = useTwoFactor();
  const remove = useRemoveAuthenticator();
  const createCodes = useCreateRecoveryCodes();
  const [settingUp, setSettingUp] = useState(false);
  const [confirm, setConfirm] = useState<'remove' | 'new-codes' | null>(null);
  const [newCodes, setNewCodes] = useState<string[] | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const setupButton = useRef<HTMLButtonElement>(null);
  const newCodesButton = useRef<HTMLButtonElement>(null);
  const enabledHere = useRef(false);
  /** Turning off: once the card shows Off and the confirmation has closed, Set up takes the focus Remove had. */
  const turningOff = useRef<{ off: boolean; closed: boolean } | null>(null);
  const on = Boolean(twoFactor.data?.factor);

  const focusSetupWhenTurnedOff = () => {
    if (!turningOff.current?.off || !turningOff.current.closed || !setupButton.current) return;
    turningOff.current = null;
    setupButton.current.focus();
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the card turns on or off.
  useEffect(() => {
    if (on || !turningOff.current) return;
    turningOff.current.off = true;
    focusSetupWhenTurnedOff();
  }, [on]);

  const closeSetupFocus = (event: Event) => {
    event.preventDefault();
    (enabledHere.current ? heading.current : setupButton.current)?.focus();
    enabledHere.current = false;
  };

  let content: ReactNode;
  if (twoFactor.isPending) {
    content = (
      <div role="status" aria-label="Loading two-factor sign-in" className="grid gap-4">
        <Skeleton className="h-5 w-24" />
        <Skeleton className="h-9 w-52" />
      </div>
    );
  } else if (twoFactor.isError) {
    content = (
      <div role="alert" className={`${row} border-destructive/30`}>
        <p className="text-sm">Two-factor sign-in could not be loaded.</p>
        <Button
          variant="outline"
          size="sm"
          onClick={() => void twoFactor.refetch()}
          disabled={twoFactor.isFetching}
        >
          <RotateCwIcon aria-hidden="true" className={twoFactor.isFetching ? 'animate-spin' : undefined} />
          {twoFactor.isFetching ? 'Trying again...' : 'Try again'}
        </Button>
      </div>
    );
  } else if (on) {
    content = (
      <OnState
        twoFactor={twoFactor.data}
        onRemove={() => setConfirm('remove')}
        onNewCodes={() => setConfirm('new-codes')}
        creatingCodes={createCodes.isPending}
        newCodesButton={newCodesButton}
      />
    );
  } else {
    content = (
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <Status on={false} />
        <Button ref={setupButton} className="w-full sm:w-auto" onClick={() => setSettingUp(true)}>
          Set up authenticator app
        </Button>
      </div>
    );
  }

  const factorId = twoFactor.data?.factor?.id;
  return (
    <Card aria-labelledby="two-factor-heading" data-testid="two-factor-card">
      <CardHeader>
        <CardTitle
          as="h2"
          id="two-factor-heading"
          ref={heading}
          tabIndex={-1}
          className="flex items-center gap-2 outline-none"
        >
          <ShieldCheckIcon aria-hidden="true" className="size-4 text-primary" />
          Two-factor sign-in
        </CardTitle>
        <CardDescription>Ask for a code from an authenticator app each time you sign in.</CardDescription>
      </CardHeader>
      <CardContent>{content}</CardContent>

      <TwoFactorSetupDialog
        open={settingUp}
        onOpenChange={setSettingUp}
        onEnabled={() => {
          enabledHere.current = true;
          void queryClient.invalidateQueries({ queryKey: twoFactorQueryKey });
        }}
        onCloseAutoFocus={closeSetupFocus}
      />
      <ConfirmDialog
        open={confirm === 'remove'}
        onOpenChange={(open) => !open && setConfirm(null)}
        title="Turn off two-factor sign-in?"
        description="You will sign in with your password only. Your recovery codes stop working."
        confirmLabel="Turn off"
        onConfirm={() => {
          if (!factorId) return;
          turningOff.current = { off: false, closed: false };
          remove.mutate(factorId, {
            onError: () => {
              turningOff.current = null;
            },
          });
        }}
        onFocusReturned={() => {
          if (!turningOff.current) return;
          turningOff.current.closed = true;
          focusSetupWhenTurnedOff();
        }}
      />
      <ConfirmDialog
        open={confirm === 'new-codes'}
        onOpenChange={(open) => !open && setConfirm(null)}
        title="Create new recovery codes?"
        description="Your old codes stop working."
        confirmLabel="Create new codes"
        onConfirm={() => createCodes.mutate(undefined, { onSuccess: setNewCodes })}
      />
      <Dialog open={newCodes !== null} onOpenChange={(open) => !open && setNewCodes(null)}>
        <DialogContent
          className="sm:max-w-md"
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            newCodesButton.current?.focus();
          }}
        >
          {newCodes && <RecoveryCodesStep codes={newCodes} onDone={() => setNewCodes(null)} />}
        </DialogContent>
      </Dialog>
    </Card>
  );
}
