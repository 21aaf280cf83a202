import { describeLocalTime, nextCallingTime } from '@callwise/shared/calling-window';
import { normalizePhone, timezoneForPhone } from '@callwise/shared/phone';
import { ClockIcon } from 'lucide-react';
import { useCallingRules } from '@/lib/calling-rules';

/**
 * Tells, before the call is scheduled, when it will really go out: a time outside the calling window in the
 * recipient's local time waits for the next opening (the server does the same and says so in its answer).
 */
export function CallingWindowHint({
  when,
  phone,
  timezone,
}: {
  when: Date | null;
  phone: string;
  /** The contact's time zone, when calling a contact. */
  timezone?: string | null;
}) {
  const rules = useCallingRules();
  if (!rules.data || !when) return null;
  const parsed = phone.trim() ? normalizePhone(phone) : null;
  const zone = timezone ?? (parsed?.ok ? timezoneForPhone(parsed.e164) : undefined);
  if (!zone) return null;
  const window = { start: rules.data.calling_window_start, end: rules.data.calling_window_end };
  const at = when.getTime() < Date.now() ? new Date() : when;
  const goesOut = nextCallingTime(at, zone, window);
  if (goesOut.getTime() === at.getTime()) return null;
  return (
    <p
      role="status"
      className="flex items-start gap-2 rounded-lg border border-warning/30 bg-warning-soft px-3 py-2 text-sm text-warning-soft-foreground"
    >
      <ClockIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <span>
        That is outside the calling window ({window.start}–{window.end} in the recipient’s time). The call
        will go out at {describeLocalTime(goesOut, zone)}.
      </span>
    </p>
  );
}
