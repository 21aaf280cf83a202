import { formatPhone } from '@callwise/shared/phone';
import { SIMULATOR_BEHAVIOURS } from '@callwise/shared/simulator';
import { ChevronRightIcon, InfoIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';

/** The test numbers, +1 202 555 0100 to 0109, and what the simulated callee does on each. */
const TEST_NUMBERS = Object.entries(SIMULATOR_BEHAVIOURS).map(([code, { summary }]) => ({
  phone: `+1202555${code}`,
  behaviour: code === '0100' ? `${summary}. Any other number does the same.` : `${summary}.`,
}));

/**
 * Says plainly that calls are simulated while the built-in carrier places them (no real phone rings), with the
 * test numbers and what each callee does, folded away until asked for. With `onUseNumber`, each number is a
 * button that puts it in the form.
 */
export function SimulatedCarrierNote({
  onUseNumber,
  className,
}: {
  onUseNumber?: (phone: string) => void;
  className?: string;
}) {
  return (
    <aside
      aria-label="Simulated calls"
      data-testid="simulated-carrier-note"
      className={cn('rounded-lg border border-primary/20 bg-primary-soft/60 px-4 py-3 text-sm', className)}
    >
      <div className="flex gap-3">
        <InfoIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary-soft-foreground" />
        <div className="grid min-w-0 flex-1 gap-1">
          <p className="font-medium text-primary-soft-foreground">Calls are simulated</p>
          <p className="text-muted-foreground">
            No real phone rings: a built-in test carrier plays the person you call, and its answer is recorded
            like a real one. Test numbers choose how the call goes.
          </p>
          <details className="group mt-1">
            <summary className="inline-flex cursor-pointer list-none items-center gap-1 rounded-sm font-medium text-primary-soft-foreground outline-none select-none focus-visible:ring-[3px] focus-visible:ring-ring/50 [&::-webkit-details-marker]:hidden">
              <ChevronRightIcon
                aria-hidden="true"
                className="size-4 transition-transform group-open:rotate-90"
              />
              Test numbers
            </summary>
            <ul className="mt-2 grid gap-1">
              {TEST_NUMBERS.map(({ phone, behaviour }) => (
                <li
                  key={phone}
                  className="grid grid-cols-[auto_1fr] items-baseline gap-x-3 gap-y-0.5 sm:grid-cols-[9.5rem_1fr]"
                >
                  {onUseNumber ? (
                    <Button
                      type="button"
                      variant="link"
                      size="sm"
                      className="h-auto justify-start p-0 font-mono text-[0.8125rem] tabular-nums"
                      aria-label={`Use ${formatPhone(phone)}: ${behaviour}`}
                      onClick={() => onUseNumber(phone)}
                    >
                      {formatPhone(phone)}
                    </Button>
                  ) : (
                    <span className="font-mono text-[0.8125rem] tabular-nums">{formatPhone(phone)}</span>
                  )}
                  <span className="text-muted-foreground">{behaviour}</span>
                </li>
              ))}
            </ul>
          </details>
        </div>
      </div>
    </aside>
  );
}
