import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PageCache, preferredEncoding } from './page-cache.ts';

afterEach(() => {
  vi.useRealTimers();
});

describe('the page cache', () => {
  it('keeps a page per account and address, and drops an account’s pages on a change', () => {
    const cache = new PageCache({ ttlMs: 1000, maxEntries: 10 });
    cache.set('a', '/v1/calls', 'page of a', cache.generation('a'));
    cache.set('b', '/v1/calls', 'page of b', cache.generation('b'));
    expect(cache.get('a', '/v1/calls')?.body).toBe('page of a');
    expect(cache.get('a', '/v1/calls?limit=5')).toBeUndefined();
    cache.invalidate('a');
    expect(cache.get('a', '/v1/calls')).toBeUndefined();
    expect(cache.get('b', '/v1/calls')?.body).toBe('page of b');
    cache.invalidate(null);
    expect(cache.get('b', '/v1/calls')).toBeUndefined();
  });

  it('never stores a page read before a change', () => {
    const cache = new PageCache({ ttlMs: 1000, maxEntries: 10 });
    const before = cache.generation('a');
    cache.invalidate('a');
    cache.set('a', '/v1/calls', 'old page', before);
    expect(cache.get('a', '/v1/calls')).toBeUndefined();
    const afterAll = cache.generation('a');
    cache.invalidate(null);
    cache.set('a', '/v1/calls', 'old page', afterAll);
    expect(cache.get('a', '/v1/calls')).toBeUndefined();
  });

  it('sends one request to read an expired page while the others still get it, for a while', () => {
    vi.useFakeTimers();
    const cache = new PageCache({ ttlMs: 1000, maxEntries: 10 });
    cache.set('a', '/v1/calls', 'page', cache.generation('a'));
    vi.advanceTimersByTime(1001);
    expect(cache.get('a', '/v1/calls')).toBeUndefined();
    expect(cache.get('a', '/v1/calls')?.body).toBe('page');
    expect(cache.get('a', '/v1/calls')?.body).toBe('page');
    cache.set('a', '/v1/calls', 'new page', cache.generation('a'));
    expect(cache.get('a', '/v1/calls')?.body).toBe('new page');
    // Nobody read it afresh for long: it is gone for everyone.
    vi.advanceTimersByTime(7000);
    expect(cache.get('a', '/v1/calls')).toBeUndefined();
    expect(cache.get('a', '/v1/calls')).toBeUndefined();
  });

  it('reads a page once for every request that asks while the read is under way', async () => {
    const cache = new PageCache({ ttlMs: 1000, maxEntries: 10 });
    let reads = 0;
    let finish: (body: string) => void = () => undefined;
    const read = () => {
      reads++;
      return new Promise<string>((resolve) => {
        finish = resolve;
      });
    };
    const waiting = Array.from({ length: 50 }, () => cache.load('a', '/v1/calls', read));
    // Another address, and another account, are read on their own.
    const other = cache.load('a', '/v1/calls?limit=5', () => Promise.resolve('other page'));
    const theirs = cache.load('b', '/v1/calls', () => Promise.resolve('their page'));
    expect(reads).toBe(1);
    finish('page');
    const pages = await Promise.all(waiting);
    expect(new Set(pages).size).toBe(1);
    expect(pages[0]?.body).toBe('page');
    expect((await other).body).toBe('other page');
    expect((await theirs).body).toBe('their page');
    expect(cache.get('a', '/v1/calls')?.body).toBe('page');
    // Once it is read, the next read of the page is a read of its own.
    await cache.load('a', '/v1/calls', () => Promise.resolve('next'));
    expect(cache.get('a', '/v1/calls')?.body).toBe('next');
  });

  it('never lets a request after a change wait for a read started before it', async () => {
    const cache = new PageCache({ ttlMs: 1000, maxEntries: 10 });
    let finish: (body: string) => void = () => undefined;
    const before = cache.load('a', '/v1/calls', () => new Promise<string>((resolve) => (finish = resolve)));
    cache.invalidate('a');
    const after = cache.load('a', '/v1/calls', () => Promise.resolve('page after the change'));
    finish('page before the change');
    expect((await before).body).toBe('page before the change');
    expect((await after).body).toBe('page after the change');
    expect(cache.get('a', '/v1/calls')?.body).toBe('page after the change');
  });

  it('gives everyone waiting the read’s error, keeps nothing, and reads again next time', async () => {
    const cache = new PageCache({ ttlMs: 1000, maxEntries: 10 });
    let fail: (error: Error) => void = () => undefined;
    const read = () => new Promise<string>((_resolve, reject) => (fail = reject));
    const waiting = [cache.load('a', '/v1/calls', read), cache.load('a', '/v1/calls', read)];
    fail(new Error('database unreachable'));
    for (const page of waiting) await expect(page).rejects.toThrow('database unreachable');
    expect(cache.get('a', '/v1/calls')).toBeUndefined();
    expect((await cache.load('a', '/v1/calls', () => Promise.resolve('page'))).body).toBe('page');
  });

  it('gives the page compressed as the client accepts', () => {
    const cache = new PageCache({ ttlMs: 1000, maxEntries: 10 });
    const body = JSON.stringify({
      data: Array.from({ length: 50 }, (_, i) => ({ id: i, text: 'Hello there' })),
    });
    cache.set('a', '/v1/calls', body, cache.generation('a'));
    const page = cache.get('a', '/v1/calls');
    expect(brotliDecompressSync(page?.in('br') ?? Buffer.alloc(0)).toString()).toBe(body);
    expect(gunzipSync(page?.in('gzip') ?? Buffer.alloc(0)).toString()).toBe(body);
    expect(page?.in('br')).toBe(page?.in('br'));
    expect(preferredEncoding('gzip, deflate, br')).toBe('br');
    expect(preferredEncoding('gzip, deflate')).toBe('gzip');
    expect(preferredEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(preferredEncoding('identity')).toBeNull();
    expect(preferredEncoding(undefined)).toBeNull();
  });

  it('holds at most maxEntries pages, dropping the oldest', () => {
    const cache = new PageCache({ ttlMs: 1000, maxEntries: 2 });
    for (const key of ['1', '2', '3']) cache.set('a', key, key, cache.generation('a'));
    expect(cache.get('a', '1')).toBeUndefined();
    expect(cache.get('a', '3')?.body).toBe('3');
  });
});
