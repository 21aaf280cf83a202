import { RotateCwIcon } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { createRecoveryCodes } from '@/features/settings/api/create-recovery-codes';
import {
  abandonAuthenticator,
  type Enrollment,
  enrollAuthenticator,
} from '@/features/settings/api/set-up-authenticator';
import { RecoveryCodesStep } from '@/features/settings/components/recovery-codes';
import { ScanStep } from '@/features/settings/components/two-factor-scan-step';
import { errorMessage } from '@/lib/errors';

/** A retry line for a step that failed (the set-up itself, or making the recovery codes). */
function StepError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div role="alert" className="grid gap-3 rounded-lg border border-destructive/30 p-4">
      <p className="text-sm">{message}</p>
      <Button variant="outline" size="sm" className="w-fit" onClick={onRetry}>
        <RotateCwIcon aria-hidden="true" />
        Try again
      </Button>
    </div>
  );
}

type Stage =
  | { step: 'enrolling' }
  | { step: 'enroll-failed'; message: string }
  | { step: 'scan'; enrollment: Enrollment }
  | { step: 'creating-codes' }
  | { step: 'codes-failed'; message: string }
  | { step: 'codes'; codes: string[] };

/**
 * The dialog's content; mounted while it is open, so each opening starts a new set-up. Left before the code was
 * verified, the unverified factor is removed (best effort).
 */
function SetupContent({ onEnabled, onDone }: { onEnabled: () => void; onDone: () => void }) {
  const [stage, setStage] = useState<Stage>({ step: 'enrolling' });
  const [attempt, setAttempt] = useState(0);
  const pending = useRef<string | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` starts the set-up again (Try again).
  useEffect(() => {
    let cancelled = false;
    setStage({ step: 'enrolling' });
    enrollAuthenticator().then(
      (enrollment) => {
        if (cancelled) return void abandonAuthenticator(enrollment.factorId);
        pending.current = enrollment.factorId;
        setStage({ step: 'scan', enrollment });
      },
      (error: unknown) => {
        if (!cancelled) setStage({ step: 'enroll-failed', message: errorMessage(error) });
      },
    );
    return () => {
      cancelled = true;
    };
  }, [attempt]);

  // Closed before verifying: the half-made factor goes.
  useEffect(
    () => () => {
      if (pending.current) void abandonAuthenticator(pending.current);
    },
    [],
  );

  const makeCodes = async () => {
    setStage({ step: 'creating-codes' });
    try {
      setStage({ step: 'codes', codes: await createRecoveryCodes() });
    } catch (error) {
      setStage({ step: 'codes-failed', message: errorMessage(error) });
    }
  };

  const verified = () => {
    pending.current = null;
    toast.success('Two-factor sign-in is on');
    onEnabled();
    void makeCodes();
  };

  if (stage.step === 'codes') return <RecoveryCodesStep codes={stage.codes} onDone={onDone} focusTitle />;

  const codesStage = stage.step === 'creating-codes' || stage.step === 'codes-failed';
  return (
    <>
      <DialogHeader>
        <DialogTitle>{codesStage ? 'Save your recovery codes' : 'Set up authenticator app'}</DialogTitle>
        <DialogDescription>
          {codesStage
            ? 'Each code signs you in once if you lose your phone. Keep them somewhere safe.'
            : 'Scan the QR code with your authenticator app, then enter the code it shows.'}
        </DialogDescription>
      </DialogHeader>
      {stage.step === 'enrolling' || stage.step === 'creating-codes' ? (
        <div
          role="status"
          aria-label={stage.step === 'enrolling' ? 'Setting up' : 'Creating your recovery codes'}
          className="grid justify-items-center gap-3"
        >
          <Skeleton className="size-44 rounded-lg" />
          <Skeleton className="h-4 w-56 max-w-full" />
        </div>
      ) : stage.step === 'enroll-failed' ? (
        <StepError
          message={`The set-up could not start. ${stage.message}`}
          onRetry={() => setAttempt((count) => count + 1)}
        />
      ) : stage.step === 'codes-failed' ? (
        <StepError
          message={`Two-factor sign-in is on, but your recovery codes could not be created. ${stage.message}`}
          onRetry={() => void makeCodes()}
        />
      ) : (
        <ScanStep enrollment={stage.enrollment} onVerified={verified} />
      )}
    </>
  );
}

/**
 * Settings → Security → "Set up authenticator app": step 1 scans (or types in) the key and checks the first code;
 * step 2 shows the ten recovery codes, once. `onCloseAutoFocus` says where the focus goes when it closes.
 */
export function TwoFactorSetupDialog({
  open,
  onOpenChange,
  onEnabled,
  onCloseAutoFocus,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Two-factor sign-in has just been turned on. */
  onEnabled: () => void;
  onCloseAutoFocus: (event: Event) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-md" onCloseAutoFocus={onCloseAutoFocus}>
        <SetupContent onEnabled={onEnabled} onDone={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}
