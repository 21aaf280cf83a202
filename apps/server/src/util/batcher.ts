/**
 * Gathers single requests made within `waitMs` (or until `maxSize`) and runs them as one batch: one database
 * statement for many calls instead of one each. Each caller gets its own result (or the batch's error).
 */
export function createBatcher<I, O>(
  run: (items: I[]) => Promise<O[]>,
  options: { waitMs: number; maxSize: number },
): (item: I) => Promise<O> {
  let pending: Array<{ item: I; resolve: (value: O) => void; reject: (error: unknown) => void }> = [];
  let timer: NodeJS.Timeout | null = null;

  const flush = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    const batch = pending;
    pending = [];
    if (batch.length === 0) return;
    run(batch.map((entry) => entry.item)).then(
      (results) => {
        for (const [index, entry] of batch.entries()) entry.resolve(results[index] as O);
      },
      (error: unknown) => {
        for (const entry of batch) entry.reject(error);
      },
    );
  };

  return (item) =>
    new Promise<O>((resolve, reject) => {
      pending.push({ item, resolve, reject });
      if (pending.length >= options.maxSize) flush();
      else timer ??= setTimeout(flush, options.waitMs);
    });
}
