/**
 * Every page of the web app (product spec section 2), in one place. The web app's router is built from these,
 * and the server answers any other path with the 404 page and a real 404 status (apps/server/src/plugins/spa.ts),
 * writes the sitemap of the public ones and keeps robots away from the workspace.
 */
export const paths = {
  home: '/',
  pricing: '/pricing',
  about: '/about',
  demo: '/demo',
  status: '/status',
  login: '/login',
  signup: '/signup',
  terms: '/terms',
  privacy: '/privacy',
  dashboard: '/dashboard',
  contacts: '/contacts',
  scripts: '/scripts',
  callHistory: '/call-history',
  campaigns: '/campaigns',
  newCampaign: '/campaigns/new',
  campaign: '/campaigns/:id',
  settings: '/settings',
  help: '/help',
  api: '/api',
} as const;

export type AppPath = (typeof paths)[keyof typeof paths];

/** The signed-in workspace: a visitor is sent to sign in; robots are kept out. */
export const WORKSPACE_PATHS: readonly AppPath[] = [
  paths.dashboard,
  paths.contacts,
  paths.scripts,
  paths.callHistory,
  paths.campaigns,
  paths.newCampaign,
  paths.campaign,
  paths.settings,
];

/** The pages a search engine should find (sitemap.xml): the public site, the help and the API documentation. */
export const SITEMAP_PATHS: readonly AppPath[] = [
  paths.home,
  paths.pricing,
  paths.about,
  paths.demo,
  paths.help,
  paths.api,
  paths.status,
  paths.terms,
  paths.privacy,
];

const segmentsOf = (path: string) => path.split('/').filter(Boolean);
const PATTERNS = Object.values(paths).map(segmentsOf);

/**
 * Whether the web app has a page at `pathname` (the path alone, no query), matched as its router matches: case
 * aside, a trailing slash allowed, `:param` standing for one segment. Any other path is its 404 page.
 */
export function isAppPath(pathname: string): boolean {
  const segments = segmentsOf(pathname.toLowerCase());
  return PATTERNS.some(
    (pattern) =>
      pattern.length === segments.length &&
      pattern.every((part, index) => part.startsWith(':') || part === segments[index]),
  );
}
