// Dates and times of the customer's page, always in the business's time zone (the customer may be elsewhere).

const cache = new Map<string, Intl.DateTimeFormat>();
function format(zone: string, options: Intl.DateTimeFormatOptions, locale = undefined as string | undefined) {
  const key = `${locale ?? ''}|${zone}|${JSON.stringify(options)}`;
  let found = cache.get(key);
  if (!found) {
    found = new Intl.DateTimeFormat(locale, { ...options, timeZone: zone });
    cache.set(key, found);
  }
  return found;
}

/** "Tuesday, December 1, 2026" */
export const longDate = (at: string, zone: string) =>
  format(zone, { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' }).format(new Date(at));

/** "3:00 PM" */
export const shortTime = (at: string, zone: string) =>
  format(zone, { hour: 'numeric', minute: '2-digit' }).format(new Date(at));

/** "EST", "GMT+1": the zone's short name at that instant. */
export const zoneName = (at: string, zone: string) =>
  format(zone, { timeZoneName: 'short' })
    .formatToParts(new Date(at))
    .find((part) => part.type === 'timeZoneName')?.value ?? zone;

/** "2026-12-01": the day of the business an instant falls on (for grouping). */
export const dayKey = (at: string, zone: string) =>
  format(zone, { year: 'numeric', month: '2-digit', day: '2-digit' }, 'en-CA').format(new Date(at));

/** "Tue" and "Dec 1": a day button's two lines. */
export const dayLabel = (at: string, zone: string) => ({
  weekday: format(zone, { weekday: 'short' }).format(new Date(at)),
  date: format(zone, { month: 'short', day: 'numeric' }).format(new Date(at)),
  long: format(zone, { weekday: 'long', month: 'long', day: 'numeric' }).format(new Date(at)),
});

/** Slots grouped by the business's day, in time order. */
export function groupByDay<T extends { starts_at: string }>(slots: T[], zone: string) {
  const days = new Map<string, T[]>();
  for (const slot of slots) {
    const key = dayKey(slot.starts_at, zone);
    days.set(key, [...(days.get(key) ?? []), slot]);
  }
  return [...days.entries()].map(([key, items]) => ({ key, slots: items }));
}
