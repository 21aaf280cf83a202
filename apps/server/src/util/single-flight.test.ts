import { describe, expect, it } from 'vitest';
import { SingleFlight } from './single-flight.ts';

/** Work that ends when the test says so, counting how often it was started. */
function controlled() {
  const work: {
    started: number;
    finish: (value: string) => void;
    fail: (error: Error) => void;
    run: () => Promise<string>;
  } = {
    started: 0,
    finish: () => undefined,
    fail: () => undefined,
    run: () => {
      work.started++;
      return new Promise<string>((resolve, reject) => {
        work.finish = resolve;
        work.fail = reject;
      });
    },
  };
  return work;
}

describe('one run at a time', () => {
  it('gives everyone who asks while the work runs its result, and runs it again afterwards', async () => {
    const flight = new SingleFlight<string>();
    const work = controlled();
    const waiting = Array.from({ length: 10 }, () => flight.run('k', 0, work.run));
    const other = flight.run('other', 0, () => Promise.resolve('other'));
    expect(work.started).toBe(1);
    work.finish('done');
    expect(await Promise.all(waiting)).toEqual(Array(10).fill('done'));
    expect(await other).toBe('other');
    expect(flight.size).toBe(0);
    const again = flight.run('k', 0, work.run);
    expect(work.started).toBe(2);
    work.finish('again');
    expect(await again).toBe('again');
  });

  it('never lets a caller of another generation share a run', async () => {
    const flight = new SingleFlight<string>();
    const before = controlled();
    const first = flight.run('k', 1, before.run);
    const second = flight.run('k', 2, () => Promise.resolve('after the change'));
    // The older run settling later does not take the newer one's place.
    const third = flight.run('k', 2, () => Promise.resolve('not started'));
    before.finish('before the change');
    expect(await first).toBe('before the change');
    expect(await second).toBe('after the change');
    expect(await third).toBe('after the change');
  });

  it('gives everyone the error, and forgets the run', async () => {
    const flight = new SingleFlight<string>();
    const work = controlled();
    const waiting = [flight.run('k', 0, work.run), flight.run('k', 0, work.run)];
    work.fail(new Error('database unreachable'));
    for (const result of waiting) await expect(result).rejects.toThrow('database unreachable');
    expect(flight.size).toBe(0);
    expect(await flight.run('k', 0, () => Promise.resolve('ok'))).toBe('ok');
  });
});
