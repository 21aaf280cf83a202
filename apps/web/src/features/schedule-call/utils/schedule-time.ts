// The schedule form's default time (the datetime-local helpers are in lib/dates).

/** Now, rounded up to the next whole minute (the form's default). */
export function nextMinute(now: Date = new Date()): Date {
  const next = new Date(now);
  next.setSeconds(0, 0);
  next.setMinutes(next.getMinutes() + 1);
  return next;
}
