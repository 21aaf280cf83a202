import { describe, expect, it } from 'vitest';
import { isAppPath, paths, SITEMAP_PATHS, WORKSPACE_PATHS } from './routes.ts';

describe('isAppPath', () => {
  it('knows every page of the web app, as its router matches them', () => {
    for (const path of [
      '/',
      '/pricing',
      '/status',
      '/help',
      '/api',
      '/settings',
      '/settings/billing',
      '/settings/team',
      '/invite',
      '/Settings/Webhooks/',
      '/call-history',
      '/messages',
      '/appointments',
    ]) {
      expect(isAppPath(path), path).toBe(true);
    }
    // A trailing slash, another case, a campaign's own page.
    for (const path of [
      '/pricing/',
      '/Pricing',
      '/campaigns/new',
      '/campaigns/5f0c7a9e-1b2c',
      '/campaigns/x/',
      '/a/some-token',
      '/u/some-token',
    ]) {
      expect(isAppPath(path), path).toBe(true);
    }
  });

  it('refuses every other path', () => {
    for (const path of [
      '/no/such/page',
      '/pricingx',
      '/contacts/123',
      '/settings/nope',
      '/settings/billing/x',
      '/campaigns/1/2',
      '/favicon.ico',
      '/index.html',
    ]) {
      expect(isAppPath(path), path).toBe(false);
    }
  });

  it('lists the workspace and the sitemap from the same pages, never both', () => {
    const all: string[] = Object.values(paths);
    for (const path of [...WORKSPACE_PATHS, ...SITEMAP_PATHS]) expect(all).toContain(path);
    expect(SITEMAP_PATHS.filter((path) => WORKSPACE_PATHS.includes(path))).toEqual([]);
  });
});
