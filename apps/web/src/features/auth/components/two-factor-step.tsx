import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { FormField, fieldMessageId } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';

/** What the code step asks for: a code from the authenticator app, or one of the saved recovery codes. */
export type SecondFactorKind = 'app' | 'recovery';

/** The step's line under its heading, for each kind of code. */
export const SECOND_FACTOR_DESCRIPTION: Record<SecondFactorKind, string> = {
  app: 'Enter the 6-digit code from your authenticator app.',
  recovery: 'Enter one of the recovery codes you saved.',
};

const FIELD_ID = 'two-factor-code';

/** The sentence for a refused code: the server's error code and status, in the product's words. */
export function secondFactorErrorMessage(error: unknown): string {
  const { status, code, message } = (error ?? {}) as { status?: number; code?: string; message?: string };
  if (status === 429 || code === 'over_request_rate_limit') {
    return 'Too many attempts. Wait a few minutes and try again.';
  }
  if (code === 'mfa_verification_failed' || code === 'mfa_challenge_expired' || status === 422) {
    return "That code didn't work. Try again.";
  }
  return message || 'Something went wrong. Please try again.';
}

export interface TwoFactorStepProps {
  kind: SecondFactorKind;
  onKindChange: (kind: SecondFactorKind) => void;
  /** Verifies the code; throws the server's error when it is refused. */
  onVerify: (code: string) => Promise<void>;
  /** Signs out: back to the sign-in form. */
  onCancel: () => Promise<void>;
}

/**
 * The sign-in's second step for a user with two-factor sign-in on: the code from the authenticator app (or a
 * recovery code), Verify, a switch between the two kinds of code, and Cancel (signs out). A refused code is said
 * under the field, which keeps the focus with its text selected for the next try.
 */
export function TwoFactorStep({ kind, onKindChange, onVerify, onCancel }: TwoFactorStepProps) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState<'verifying' | 'cancelling' | null>(null);
  const app = kind === 'app';

  const switchKind = () => {
    setCode('');
    setError(undefined);
    onKindChange(app ? 'recovery' : 'app');
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = app ? code.replace(/\s+/g, '') : code.trim().toLowerCase();
    if (app && !/^\d{6}$/.test(value)) {
      setError('Enter the 6 digits your authenticator app shows.');
      return;
    }
    if (!app && value === '') {
      setError('Enter one of your recovery codes.');
      return;
    }
    const field = event.currentTarget.elements.namedItem(FIELD_ID);
    setBusy('verifying');
    setError(undefined);
    try {
      await onVerify(value);
    } catch (failure) {
      setError(secondFactorErrorMessage(failure));
      setBusy(null);
      if (field instanceof HTMLInputElement) {
        field.focus();
        field.select();
      }
    }
  };

  const cancel = async () => {
    setBusy('cancelling');
    try {
      await onCancel();
    } finally {
      setBusy(null);
    }
  };

  return (
    <form onSubmit={submit} noValidate className="grid gap-5">
      <FormField id={FIELD_ID} label={app ? '6-digit code' : 'Recovery code'} error={error}>
        <Input
          // A new field for each kind of code, focused as it appears.
          key={kind}
          id={FIELD_ID}
          name={FIELD_ID}
          value={code}
          onChange={(event) => setCode(event.target.value)}
          autoFocus
          autoComplete={app ? 'one-time-code' : 'off'}
          inputMode={app ? 'numeric' : 'text'}
          pattern={app ? '[0-9]*' : undefined}
          maxLength={app ? 6 : 11}
          autoCapitalize="none"
          spellCheck={false}
          placeholder={app ? undefined : 'xxxxx-xxxxx'}
          className="font-mono tracking-widest"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? fieldMessageId(FIELD_ID) : undefined}
        />
      </FormField>
      <Button type="submit" size="lg" className="w-full" disabled={busy !== null}>
        {busy === 'verifying' ? 'Verifying...' : 'Verify'}
      </Button>
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
        <Button variant="link" size="sm" className="h-auto p-0" onClick={switchKind} disabled={busy !== null}>
          {app ? 'Use a recovery code instead' : 'Use your authenticator app'}
        </Button>
        <Button
          variant="ghost"
          size="sm"
          onClick={() => void cancel()}
          disabled={busy !== null}
          className="text-muted-foreground"
        >
          {busy === 'cancelling' ? 'Cancelling...' : 'Cancel'}
        </Button>
      </div>
    </form>
  );
}
