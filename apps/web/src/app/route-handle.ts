import type { UIMatch } from 'react-router';

/** Static data on every route: the page's title (document title and workspace top bar). */
export interface RouteHandle {
  title: string;
}

/** The title of the deepest matched route that has one. */
export function pageTitle(matches: UIMatch[]): string | undefined {
  for (let index = matches.length - 1; index >= 0; index -= 1) {
    const handle = matches[index]?.handle as Partial<RouteHandle> | undefined;
    if (handle?.title) return handle.title;
  }
  return undefined;
}
