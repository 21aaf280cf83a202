import type { UIMatch } from 'react-router';

/** Static data on every route: the page's title (document title and workspace top bar) and description. */
export interface RouteHandle {
  title: string;
  /** The meta description (and Open Graph description); the product's own when absent. */
  description?: string;
}

function deepest<K extends keyof RouteHandle>(matches: UIMatch[], key: K): RouteHandle[K] | undefined {
  for (let index = matches.length - 1; index >= 0; index -= 1) {
    const handle = matches[index]?.handle as Partial<RouteHandle> | undefined;
    if (handle?.[key]) return handle[key];
  }
  return undefined;
}

/** The title of the deepest matched route that has one. */
export function pageTitle(matches: UIMatch[]): string | undefined {
  return deepest(matches, 'title');
}

/** The description of the deepest matched route that has one. */
export function pageDescription(matches: UIMatch[]): string | undefined {
  return deepest(matches, 'description');
}
