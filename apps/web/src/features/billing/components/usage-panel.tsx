import { formatUsd } from '@callwise/shared/billing';
import type { Billing } from '@callwise/shared/schemas/billing';
import { Progress } from '@/components/ui/progress';

/** This billing month's usage (the trial's, on the trial): a bar, the calls left, the extra calls and the budget. */
export function UsagePanel({ billing }: { billing: Billing }) {
  const trial = billing.plan === 'trial';
  const used = Math.min(billing.calls_used, billing.calls_included);
  const usedText = `${billing.calls_used.toLocaleString()} of ${billing.calls_included.toLocaleString()} calls used`;
  const budget = billing.monthly_budget_usd;
  const facts: Array<[string, string]> = [
    [trial ? 'Trial calls left' : 'Included calls left', billing.calls_left.toLocaleString()],
  ];
  if (!trial) {
    facts.push(
      [
        'Extra calls this month',
        `${billing.overage_calls.toLocaleString()} · ${formatUsd(billing.overage_usd)}`,
      ],
      [
        'Budget left',
        budget === null ? 'No cap' : `${formatUsd(billing.budget_left_usd ?? 0)} of ${formatUsd(budget)}`,
      ],
    );
  }
  return (
    <div className="grid gap-3" data-testid="billing-usage">
      <div className="flex flex-wrap items-baseline justify-between gap-2 text-sm">
        <span id="billing-usage-label" className="font-medium">
          {trial ? 'Free trial usage' : 'Usage this month'}
        </span>
        <span className="text-muted-foreground tabular-nums">{usedText}</span>
      </div>
      <Progress
        value={used}
        max={billing.calls_included}
        aria-labelledby="billing-usage-label"
        getValueLabel={() => usedText}
      />
      <dl className="grid gap-3 text-sm sm:grid-cols-3">
        {facts.map(([term, value]) => (
          <div key={term} className="grid gap-0.5">
            <dt className="text-muted-foreground">{term}</dt>
            <dd className="font-medium tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
      {trial ? null : (
        <p className="text-[0.8125rem] text-muted-foreground">
          Calls beyond your plan are still placed and cost {formatUsd(billing.extra_call_usd)} each; a
          cancelled call is refunded.
        </p>
      )}
    </div>
  );
}
