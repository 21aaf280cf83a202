/** Display rules of product spec section 9, implemented once. */

/** Cost in dollars with four decimals: 0.1234 -> "$0.1234". */
export function formatCost(cost: number | null | undefined): string {
  return `$${(cost ?? 0).toFixed(4)}`;
}

/** Duration as "Xm Ys" or "Ys": 75 -> "1m 15s", 42 -> "42s". */
export function formatDuration(seconds: number | null | undefined): string {
  const total = Math.max(0, Math.round(seconds ?? 0));
  const minutes = Math.floor(total / 60);
  const rest = total % 60;
  return minutes > 0 ? `${minutes}m ${rest}s` : `${rest}s`;
}

/** `part` of `total` as a rounded percentage; 0 when the total is 0. */
export function percentOf(part: number, total: number): number {
  return total === 0 ? 0 : Math.round((part / total) * 100);
}
