import { OPT_OUT_OFFER, renderDisclosure } from '@callwise/shared/calling-rules';
import { describeHours, JURISDICTIONS } from '@callwise/shared/jurisdictions';
import { MegaphoneIcon, RepeatIcon, ScaleIcon, Volume2Icon } from 'lucide-react';
import { CardContent } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { RuleSection } from '@/features/settings/components/rule-section';

/** The state rules (`JURISDICTIONS`): state, hours, limit and the law, one line each. */
export function StateRules() {
  return (
    <ul className="grid gap-2" aria-label="State rules" data-testid="state-rules">
      {JURISDICTIONS.map((state) => (
        <li key={state.id} className="grid gap-0.5 rounded-lg border p-3 text-sm">
          <span className="font-medium">
            {state.state} <span className="text-muted-foreground">({state.id})</span>
          </span>
          <span className="text-muted-foreground">
            {describeHours(state.window)} in the recipient’s time
            {state.maxPer24h !== undefined &&
              ` · at most ${state.maxPer24h} per person in 24 hours on the same subject`}
          </span>
          <a
            href={state.source.url}
            target="_blank"
            rel="noreferrer"
            className="w-fit text-[0.8125rem] break-words text-primary underline underline-offset-2"
          >
            {state.source.title}
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
        </li>
      ))}
    </ul>
  );
}

/** The first words of every call as the recipient hears them: the disclosure filled in, then the opt-out. */
export function DisclosurePreview({
  disclosure,
  businessName,
}: {
  disclosure: string;
  businessName: string;
}) {
  return (
    <div className="flex gap-3 rounded-lg border bg-muted/40 p-3">
      <Volume2Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
      <div className="grid gap-1">
        <p className="text-xs font-medium text-muted-foreground">The first words of every call</p>
        <p id="disclosure-preview" className="text-sm" data-testid="disclosure-preview">
          “{renderDisclosure(disclosure, businessName)} {OPT_OUT_OFFER}”
        </p>
      </div>
    </div>
  );
}

export function CallingRulesSkeleton() {
  return (
    <CardContent className="grid gap-6" role="status" aria-label="Loading calling rules">
      {['window', 'cap', 'disclosure'].map((key) => (
        <div key={key} className="grid gap-3">
          <Skeleton className="h-4 w-36" />
          <Skeleton className="h-4 w-full max-w-md" />
          <Skeleton className="h-9 w-full max-w-sm" />
        </div>
      ))}
    </CardContent>
  );
}

/** The rules the law sets and the business cannot change: consent, the states' own rules and the retries. */
export function FixedRules() {
  return (
    <>
      <RuleSection
        icon={MegaphoneIcon}
        title="Consent"
        titleId="rule-consent"
        explanation="Promotional calls go only to contacts who gave marketing consent; reminders and confirmations need at least informational consent or an existing customer relationship."
      />
      <RuleSection
        icon={ScaleIcon}
        title="State rules for promotional calls"
        titleId="rule-states"
        explanation="Some states limit sales calls further. They apply to promotional calls only, to numbers with the state’s area code: such a call due outside the state’s hours moves to its next opening, and one over its limit is refused. The schedule note or the error names the rule (FL, OK), and a campaign lists it with each skipped contact. Reminders and confirmations keep your calling window."
      >
        <StateRules />
      </RuleSection>
      <RuleSection
        icon={RepeatIcon}
        title="Retries"
        titleId="rule-retries"
        explanation="A busy or unanswered call is tried twice more, 30 minutes apart, inside the calling window; every attempt shows on the call."
      />
    </>
  );
}
