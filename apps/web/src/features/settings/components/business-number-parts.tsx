import { formatPhone } from '@callwise/shared/phone';
import { CheckIcon, CopyIcon, InfoIcon, PhoneIncomingIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { useCopyToClipboard } from '@/hooks/use-copy-to-clipboard';

/** The toast once a number is the business number. */
export const assigned = (number: string) =>
  toast.success('Business number assigned', {
    description: `Callers to ${formatPhone(number)} now reach the assistant.`,
  });

/** The number callers call, with a Copy button. */
export function CurrentNumber({ number }: { number: string }) {
  const { copied, copy } = useCopyToClipboard(() =>
    toast.error('Could not copy', { description: 'Your browser refused; select the number and copy it.' }),
  );
  return (
    <div className="flex flex-wrap items-center gap-3">
      <span
        className="flex items-center gap-2 text-lg font-semibold tabular-nums"
        data-testid="business-number"
      >
        <PhoneIncomingIcon aria-hidden="true" className="size-5 text-muted-foreground" />
        {formatPhone(number)}
      </span>
      <Button
        type="button"
        variant="outline"
        size="sm"
        onClick={() => void copy(number)}
        aria-label={copied ? 'Copied the business number' : 'Copy the business number'}
      >
        {copied ? <CheckIcon aria-hidden="true" /> : <CopyIcon aria-hidden="true" />}
        <span aria-live="polite">{copied ? 'Copied!' : 'Copy'}</span>
      </Button>
    </div>
  );
}

/** A line of information about the number, with an info icon. */
export function Note({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <p
      role="status"
      className="flex gap-2 rounded-lg border bg-muted/40 px-3 py-2.5 text-sm"
      data-testid={testId}
    >
      <InfoIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
      <span className="min-w-0">{children}</span>
    </p>
  );
}
