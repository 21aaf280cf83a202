import type { Dashboard } from '@callwise/shared/schemas/dashboard';
import { CircleCheckIcon } from 'lucide-react';
import type { Ref } from 'react';
import { Link } from 'react-router';
import { BackButton, FocusHeading } from '@/components/call-setup/view-heading';
import { SimulatedCarrierNote } from '@/components/simulated-carrier-note';
import { Badge } from '@/components/ui/badge';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';

type Usage = Dashboard['usage'];

/** "7 of 10 trial calls remaining" or "420 calls left this month". */
function allowanceText(usage: Usage): string {
  if (usage.plan === 'trial') return `${usage.remaining} of ${usage.included} trial calls remaining`;
  return `${usage.remaining} ${usage.remaining === 1 ? 'call' : 'calls'} left this month`;
}

function Allowance({ usage }: { usage: Usage | undefined }) {
  if (!usage) return <Skeleton className="h-6 w-48" />;
  return (
    <Badge
      variant={usage.remaining === 0 ? 'destructive' : usage.remaining <= 2 ? 'warning' : 'secondary'}
      className="px-2.5 py-1 text-[0.8125rem] whitespace-normal"
      data-testid="schedule-allowance"
    >
      {allowanceText(usage)}
    </Badge>
  );
}

/**
 * The top of the schedule page: Back to Dashboard, the title and the calls left, a notice once they are used up,
 * the simulated carrier's note, and the confirmation of the call just scheduled.
 */
export function ScheduleHeader({
  usage,
  simulated,
  headingRef,
  onClose,
  onUseNumber,
  scheduled,
  successRef,
}: {
  usage: Usage | undefined;
  simulated: boolean;
  headingRef: Ref<HTMLHeadingElement>;
  onClose: () => void;
  /** Call your own number (from the simulated carrier's note). */
  onUseNumber: (number: string) => void;
  /** What the last successful schedule said. */
  scheduled: string | null;
  successRef: Ref<HTMLParagraphElement>;
}) {
  return (
    <div className="grid gap-4">
      <BackButton onClick={onClose}>Back to Dashboard</BackButton>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <FocusHeading
          id="schedule-heading"
          headingRef={headingRef}
          title="Schedule a Call"
          description="Choose who to call and when, pick a voice and write what it says."
        />
        <Allowance usage={usage} />
      </div>
      {usage && usage.remaining === 0 && (
        <p
          role="alert"
          className="rounded-lg border border-destructive/30 bg-destructive-soft px-4 py-3 text-sm text-destructive-soft-foreground"
        >
          {usage.plan === 'trial'
            ? `You have used all ${usage.included} calls of your free trial. `
            : 'You have used all the calls of your plan this month. '}
          <Link to={paths.pricing} className="font-medium underline underline-offset-4">
            Upgrade to keep calling
          </Link>
          .
        </p>
      )}
      {simulated && <SimulatedCarrierNote onUseNumber={onUseNumber} />}
      {scheduled && (
        // Not a live region: the toast announces it; this is where the focus lands, and it stays to be read.
        <p
          ref={successRef}
          tabIndex={-1}
          data-testid="schedule-success"
          className="flex items-start gap-2 rounded-lg border border-success/30 bg-success-soft px-4 py-3 text-sm text-success-soft-foreground outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
        >
          <CircleCheckIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span>
            <span className="font-semibold">Call Scheduled!</span> {scheduled}
          </span>
        </p>
      )}
    </div>
  );
}
