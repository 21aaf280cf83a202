import { WEEKDAY_LABELS } from '@callwise/shared/schemas/booking';
import type { WaitlistEntry } from '@callwise/shared/schemas/waitlist';

/** "Cleaning · Dr. Patel · Tuesday, Thursday · 09:00–12:00", or "Any service, any time". */
export function wishesOf(entry: WaitlistEntry): string {
  const parts = [entry.service ?? 'Any service'];
  if (entry.staff) parts.push(entry.staff);
  if (entry.days.length > 0) parts.push(entry.days.map((day) => WEEKDAY_LABELS[day]).join(', '));
  if (entry.earliest || entry.latest)
    parts.push(`${entry.earliest ?? 'any time'}–${entry.latest ?? 'any time'}`);
  if (parts.length === 1) parts.push('any time');
  return parts.join(' · ');
}
