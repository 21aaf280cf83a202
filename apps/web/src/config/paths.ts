/** Every route of the web app (product spec section 2), in one place. */
export const paths = {
  home: '/',
  pricing: '/pricing',
  about: '/about',
  demo: '/demo',
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
