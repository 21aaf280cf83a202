import { CircleAlertIcon, XIcon } from 'lucide-react';
import type { Ref } from 'react';
import { Button } from '@/components/ui/button';

/** The callback's "Google Calendar was not connected: access was not allowed." under that same title. */
function withoutLead(message: string): string {
  const rest = message.replace(/^Google Calendar was not connected:\s*/i, '');
  return rest ? rest.charAt(0).toUpperCase() + rest.slice(1) : message;
}

/** Back from Google without a connection: why, under "Google Calendar was not connected", and Dismiss. */
export function GoogleConnectError({
  ref,
  message,
  onDismiss,
}: {
  ref: Ref<HTMLDivElement>;
  message: string;
  onDismiss: () => void;
}) {
  return (
    <div
      ref={ref}
      role="alert"
      data-testid="google-connect-error"
      className="flex items-start gap-3 rounded-lg border border-destructive/30 bg-destructive-soft/40 p-3 pl-4 text-sm"
    >
      <CircleAlertIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-destructive" />
      <div className="grid min-w-0 flex-1 gap-0.5">
        <p className="font-medium text-destructive">Google Calendar was not connected</p>
        <p className="break-words">{withoutLead(message)}</p>
      </div>
      <Button
        variant="ghost"
        size="icon"
        className="-my-1 size-8 shrink-0"
        aria-label="Dismiss"
        onClick={onDismiss}
      >
        <XIcon aria-hidden="true" />
      </Button>
    </div>
  );
}
