import { CheckIcon, CopyIcon } from 'lucide-react';
import { type FormEvent, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { DialogFooter } from '@/components/ui/dialog';
import { FormField, fieldMessageId } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { type Enrollment, verifyAuthenticator } from '@/features/settings/api/set-up-authenticator';
import { useCopyToClipboard } from '@/hooks/use-copy-to-clipboard';
import { errorMessage } from '@/lib/errors';
import { notify } from '@/lib/notify';

const CODE_ID = 'two-factor-setup-code';

const couldNotCopy = () =>
  notify.error('Could not copy the key', { description: 'Select it and copy it by hand instead.' });

/** The sentence for a refused first code. */
function verifyErrorMessage(error: unknown): string {
  const { status, code } = (error ?? {}) as { status?: number; code?: string };
  if (status === 429) return 'Too many attempts. Wait a few minutes and try again.';
  if (code === 'mfa_verification_failed' || status === 422) {
    return "That code didn't work. Check the time on your phone and try again.";
  }
  return errorMessage(error);
}

/** Step 1: the QR code and the key to type in instead, then the app's first code. */
export function ScanStep({ enrollment, onVerified }: { enrollment: Enrollment; onVerified: () => void }) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [verifying, setVerifying] = useState(false);
  const { copied, copy } = useCopyToClipboard(couldNotCopy);
  const field = useRef<HTMLInputElement>(null);
  const grouped = enrollment.secret.match(/.{1,4}/g)?.join(' ') ?? enrollment.secret;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const value = code.replace(/\s+/g, '');
    if (!/^\d{6}$/.test(value)) {
      setError('Enter the 6 digits your authenticator app shows.');
      field.current?.focus();
      return;
    }
    setVerifying(true);
    setError(undefined);
    try {
      await verifyAuthenticator(enrollment.factorId, value);
    } catch (failure) {
      setError(verifyErrorMessage(failure));
      setVerifying(false);
      field.current?.focus();
      field.current?.select();
      return;
    }
    onVerified();
  };

  return (
    <form onSubmit={submit} noValidate className="grid gap-5">
      <div className="grid justify-items-center gap-3">
        <img
          src={enrollment.qrCode}
          alt="QR code for your authenticator app"
          width={176}
          height={176}
          className="size-44 rounded-lg border bg-white p-2"
        />
        <p className="text-sm text-muted-foreground">Can&apos;t scan it? Enter this key instead:</p>
        <div className="flex max-w-full flex-wrap items-center justify-center gap-2">
          <code
            data-testid="two-factor-secret"
            className="rounded-md border bg-muted/40 px-3 py-1.5 text-center font-mono text-sm tracking-wide"
          >
            {grouped}
          </code>
          <Button variant="outline" size="sm" onClick={() => void copy(enrollment.secret)}>
            {copied ? <CheckIcon aria-hidden="true" /> : <CopyIcon aria-hidden="true" />}
            <span aria-live="polite">{copied ? 'Copied!' : 'Copy key'}</span>
          </Button>
        </div>
      </div>
      <FormField id={CODE_ID} label="6-digit code" error={error}>
        <Input
          ref={field}
          id={CODE_ID}
          value={code}
          onChange={(event) => setCode(event.target.value)}
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]*"
          maxLength={6}
          className="font-mono tracking-widest sm:max-w-48"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? fieldMessageId(CODE_ID) : undefined}
        />
      </FormField>
      <DialogFooter>
        <Button type="submit" disabled={verifying}>
          {verifying ? 'Verifying...' : 'Verify and turn on'}
        </Button>
      </DialogFooter>
    </form>
  );
}
