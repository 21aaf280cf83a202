/**
 * One run of a piece of work per key at a time: whoever asks for the same key while it runs gets the same result
 * (or the same error) instead of starting it again — unless the caller's generation differs from the run's, as
 * when what the work reads changed after it started. A run is forgotten as soon as it settles.
 */
export class SingleFlight<T> {
  private readonly running = new Map<string, { generation: number; result: Promise<T> }>();

  run(key: string, generation: number, work: () => Promise<T>): Promise<T> {
    const under = this.running.get(key);
    if (under?.generation === generation) return under.result;
    const result = work();
    const entry = { generation, result };
    this.running.set(key, entry);
    const settled = () => {
      if (this.running.get(key) === entry) this.running.delete(key);
    };
    result.then(settled, settled);
    return result;
  }

  /** Runs under way (the tests check that a settled run is forgotten). */
  get size(): number {
    return this.running.size;
  }
}
