import { describeLocalTime, nextCallingTime } from '@callwise/shared/calling-window';
import { normalizePhone, timezoneForPhone } from '@callwise/shared/phone';
import { ClockIcon } from 'lucide-react';
import { useCallingRules } from '@/lib/calling-rules';

export interface WindowMove {
  /** The account's calling window, 'HH:MM' in the recipient's time. */
  window: { start: string; end: string };
  /** The recipient's time zone. */
  zone: string;
  /** When the call really goes out: the next opening. */
  goesOut: Date;
  /** The same in words, in the recipient's time zone ("8:00 AM on Tue, Nov 24 (America/New_York)"). */
  text: string;
}

/**
 * Where the calling window moves a call due at `when` to the recipient at `phone` (or in `timezone`): null when it
 * goes out at that time (or the rules are not known yet). One computation for the notice and the review panel,
 * so the two always say the same time in the same zone.
 */
export function useWindowMove(when: Date | null, phone: string, timezone?: string | null): WindowMove | null {
  const rules = useCallingRules();
  if (!rules.data || !when) return null;
  const parsed = phone.trim() ? normalizePhone(phone) : null;
  const zone = timezone ?? (parsed?.ok ? timezoneForPhone(parsed.e164) : undefined);
  if (!zone) return null;
  const window = { start: rules.data.calling_window_start, end: rules.data.calling_window_end };
  const at = when.getTime() < Date.now() ? new Date() : when;
  const goesOut = nextCallingTime(at, zone, window);
  if (goesOut.getTime() === at.getTime()) return null;
  return { window, zone, goesOut, text: describeLocalTime(goesOut, zone) };
}

/**
 * Tells, before the call is scheduled, when it will really go out: a time outside the calling window in the
 * recipient's local time waits for the next opening (the server does the same and says so in its answer).
 */
export function CallingWindowHint({ move }: { move: WindowMove | null }) {
  if (!move) return null;
  return (
    <p
      role="status"
      data-testid="calling-window-hint"
      className="flex items-start gap-2 rounded-lg border border-warning/30 bg-warning-soft px-3 py-2 text-sm text-warning-soft-foreground"
    >
      <ClockIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <span>
        That is outside the calling window ({move.window.start}–{move.window.end} in the recipient’s time).
        The call will go out at {move.text}.
      </span>
    </p>
  );
}
