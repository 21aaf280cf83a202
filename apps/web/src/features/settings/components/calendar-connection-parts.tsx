import { CheckIcon, CircleAlertIcon, CopyIcon } from 'lucide-react';
import { NameSelect } from '@/components/name-select';
import { Button } from '@/components/ui/button';
import { useCopyToClipboard } from '@/hooks/use-copy-to-clipboard';
import { useBookingSettings } from '@/lib/booking-settings';
import { cn } from '@/lib/utils';

/** A value to paste elsewhere (an address), wrapped on narrow screens, with a Copy button that confirms. */
export function CopyValue({ label, value, className }: { label: string; value: string; className?: string }) {
  const { copied, copy: copyText } = useCopyToClipboard();
  const copy = () => copyText(value);
  return (
    <div className={cn('flex min-w-0 items-start gap-2', className)}>
      <code className="min-w-0 flex-1 rounded-md border bg-muted/40 px-2.5 py-1.5 font-mono text-[0.8125rem] break-all">
        {value}
      </code>
      <Button
        type="button"
        variant="outline"
        size="sm"
        onClick={() => void copy()}
        aria-label={copied ? `Copied ${label}` : `Copy ${label}`}
      >
        {copied ? <CheckIcon aria-hidden="true" /> : <CopyIcon aria-hidden="true" />}
        <span aria-live="polite">{copied ? 'Copied!' : 'Copy'}</span>
      </Button>
    </div>
  );
}

/** The staff members of the booking settings, by name (empty while they load). */
export function useStaffNames(): string[] {
  const settings = useBookingSettings();
  return (settings.data?.staff ?? []).map((member) => member.name);
}

/** Whose calendar a connection is: a staff member, or the business as a whole (''). */
export function StaffSelect({
  id,
  value,
  onChange,
  names,
  error,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
  names: readonly string[];
  error?: string;
}) {
  // A staff member since removed from the booking settings stays choosable for the connection that names them.
  return (
    <NameSelect
      id={id}
      label="Whose calendar"
      value={value}
      onChange={onChange}
      names={names}
      emptyLabel="The whole business"
      error={error}
      description="New appointments from it are booked with this staff member, or with the business as a whole."
    />
  );
}

const FIELD_NOUNS: Record<string, string> = {
  name: 'The name',
  url: 'The address',
  api_key: 'The API key',
  staff: 'The staff member',
  calendar_id: 'The calendar',
};

/** The server's "must start with http:// or https://" as "The address must start with…"; a sentence as it is. */
export function sentenceOf(field: string, message: string): string {
  const sentence = /^[a-z]/.test(message) ? `${FIELD_NOUNS[field] ?? field} ${message}` : message;
  return /[.!?]$/.test(sentence) ? sentence : `${sentence}.`;
}

/** Why a calendar connection's form could not be sent, when no field is to blame. */
export function FormError({ message }: { message: string | undefined }) {
  if (!message) return null;
  return (
    <p role="alert" className="flex items-start gap-2 text-sm text-destructive">
      <CircleAlertIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      {message}
    </p>
  );
}
