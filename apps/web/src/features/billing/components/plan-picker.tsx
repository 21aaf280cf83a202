import type { Billing, PaidPlanId } from '@callwise/shared/schemas/billing';
import { type ReactNode, useState } from 'react';
import { useBilling } from '@/features/billing/api/get-billing';
import { ChangePlanDialog, suggestedPlan } from '@/features/billing/components/change-plan-dialog';
import { errorMessage } from '@/lib/errors';

/** What a page listing the plans needs to let a signed-in user move between them. */
export interface PlanChoice {
  /** The account's plan and usage; undefined while it loads or when it could not be loaded. */
  billing: Billing | undefined;
  /** Why the plan could not be loaded; null otherwise. */
  error: string | null;
  /** Asks for the plan again after an error. */
  retry: () => void;
  /** Opens the plan change (the dialog of Settings → Billing) with this plan picked. */
  choose: (plan: PaidPlanId) => void;
}

/**
 * The plan change of Settings → Billing for another page (the pricing page of a signed-in user): the page
 * renders the plans with `choice` (the current one marked), and `choice.choose` opens the same dialog, which
 * changes the plan (or, with Stripe from the trial, goes to its checkout) and refreshes everything that shows it. Loaded only for signed-in users.
 */
export default function PlanPicker({ children }: { children: (choice: PlanChoice) => ReactNode }) {
  const billing = useBilling();
  const [dialog, setDialog] = useState<{ open: boolean; plan: PaidPlanId | null }>({
    open: false,
    plan: null,
  });
  const current = billing.data?.plan;

  return (
    <>
      {children({
        billing: billing.data,
        error: billing.isError && !billing.data ? errorMessage(billing.error) : null,
        retry: () => void billing.refetch(),
        choose: (plan) => setDialog({ open: true, plan }),
      })}
      {current ? (
        <ChangePlanDialog
          open={dialog.open}
          onOpenChange={(open) => setDialog((state) => ({ ...state, open }))}
          currentPlan={current}
          provider={billing.data?.provider ?? 'local'}
          initialPlan={dialog.plan ?? suggestedPlan(current)}
        />
      ) : null}
    </>
  );
}
