import { isAppPath, paths } from '@callwise/shared/routes';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { routes } from '@/app/router';

/** Every path the router renders a page for (the catch-all aside), joined from its nested routes. */
function pagePaths(list: RouteObject[], parent = ''): string[] {
  return list.flatMap((route) => {
    const own = route.path ? `${parent.replace(/\/$/, '')}/${route.path.replace(/^\//, '')}` : parent;
    const here = route.index ? [parent || '/'] : route.path && route.path !== '*' ? [own] : [];
    return [...here, ...pagePaths(route.children ?? [], own)];
  });
}

describe('the router and the shared list of pages', () => {
  it('are the same pages, so the server answers 404 exactly where the app shows its 404 page', () => {
    const routed = pagePaths(routes);
    expect([...routed].sort()).toEqual(Object.values(paths).sort());
    for (const path of routed) expect(isAppPath(path), path).toBe(true);
  });
});
