// What the parts of `npm run bench` share: how a figure is recorded, a percentile, a logger that only shows errors.

/** One figure, printed next to its target when it has one. */
export type Recorder = (m: {
  name: string;
  value: number;
  unit: string;
  target?: string;
  ok?: boolean;
}) => void;

/** The value at percentile `p` (0–100) of `values` (nearest rank); 0 for none. */
export const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};

/** The engine's logger during a bench: errors only. */
export const quiet = {
  info: () => undefined,
  warn: () => undefined,
  error: (o: object, m: string) => console.error(m, o),
};
