import { CircleAlertIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useOpenBillingPortal } from '@/features/billing/api/open-billing-portal';
import { errorMessage } from '@/lib/errors';

/**
 * At the top of Settings → Billing when the last payment failed (Stripe): calls are held until it is paid, and
 * "Update card" opens Stripe's portal, where the card is changed and the invoice paid.
 */
export function PastDueAlert() {
  const portal = useOpenBillingPortal();
  const { opening } = portal;
  return (
    <div
      data-testid="billing-past-due"
      className="grid gap-3 rounded-lg bg-destructive-soft px-4 py-3 text-sm text-destructive-soft-foreground"
    >
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex items-start gap-3">
          <CircleAlertIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <p role="alert" className="font-medium">
            Your last payment did not go through. Calls are held until it is paid.
          </p>
        </div>
        <Button
          type="button"
          variant="outline"
          size="sm"
          className="self-start sm:self-auto"
          disabled={opening}
          aria-busy={opening}
          onClick={() => portal.mutate()}
        >
          {opening ? 'Opening...' : 'Update card'}
        </Button>
      </div>
      {portal.isError ? <p role="alert">{errorMessage(portal.error)}</p> : null}
    </div>
  );
}
