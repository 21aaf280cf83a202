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
  /** Joining a business from the link of an invitation e-mail (`?token=…`): no account yet. */
  invite: '/invite',
  terms: '/terms',
  privacy: '/privacy',
  dashboard: '/dashboard',
  contacts: '/contacts',
  appointments: '/appointments',
  scripts: '/scripts',
  callHistory: '/call-history',
  messages: '/messages',
  campaigns: '/campaigns',
  newCampaign: '/campaigns/new',
  campaign: '/campaigns/:id',
  settings: '/settings',
  settingsProfile: '/settings/profile',
  settingsTeam: '/settings/team',
  settingsNotifications: '/settings/notifications',
  settingsCallingRules: '/settings/calling-rules',
  settingsTexts: '/settings/texts',
  settingsBooking: '/settings/booking',
  settingsAssistant: '/settings/assistant',
  settingsDoNotCall: '/settings/do-not-call',
  settingsSecurity: '/settings/security',
  settingsApiKeys: '/settings/api-keys',
  settingsAuditLog: '/settings/audit-log',
  settingsWebhooks: '/settings/webhooks',
  settingsBilling: '/settings/billing',
  help: '/help',
  api: '/api',
  /** A customer's own page of their appointment, from the signed link in their reminder (no account). */
  selfService: '/a/:token',
  /** A customer's page that stops a business's calls, texts and e-mails, from the link in its e-mails (no account). */
  unsubscribe: '/u/:token',
} as const;

export type AppPath = (typeof paths)[keyof typeof paths];

/** The signed-in workspace: a visitor is sent to sign in; robots are kept out. */
export const WORKSPACE_PATHS: readonly AppPath[] = [
  paths.dashboard,
  paths.contacts,
  paths.appointments,
  paths.scripts,
  paths.callHistory,
  paths.messages,
  paths.campaigns,
  paths.newCampaign,
  paths.campaign,
  paths.settings,
  paths.settingsProfile,
  paths.settingsTeam,
  paths.settingsNotifications,
  paths.settingsCallingRules,
  paths.settingsTexts,
  paths.settingsBooking,
  paths.settingsAssistant,
  paths.settingsDoNotCall,
  paths.settingsSecurity,
  paths.settingsApiKeys,
  paths.settingsAuditLog,
  paths.settingsWebhooks,
  paths.settingsBilling,
];

/**
 * The sections of Settings, each its own page (/settings/<id>) so that it can be linked to; /settings itself
 * opens the first. The order is the sub-navigation's.
 */
export const SETTINGS_SECTIONS = [
  { id: 'profile', label: 'Profile', path: paths.settingsProfile },
  { id: 'team', label: 'Team', path: paths.settingsTeam },
  { id: 'notifications', label: 'Notifications', path: paths.settingsNotifications },
  { id: 'calling-rules', label: 'Calling rules', path: paths.settingsCallingRules },
  { id: 'texts', label: 'Texts', path: paths.settingsTexts },
  { id: 'booking', label: 'Booking', path: paths.settingsBooking },
  { id: 'assistant', label: 'Assistant', path: paths.settingsAssistant },
  { id: 'do-not-call', label: 'Do-not-call list', path: paths.settingsDoNotCall },
  { id: 'security', label: 'Security', path: paths.settingsSecurity },
  { id: 'api-keys', label: 'API keys', path: paths.settingsApiKeys },
  { id: 'webhooks', label: 'Webhooks', path: paths.settingsWebhooks },
  { id: 'billing', label: 'Billing', path: paths.settingsBilling },
  { id: 'audit-log', label: 'Audit log', path: paths.settingsAuditLog },
] as const;

export type SettingsSectionId = (typeof SETTINGS_SECTIONS)[number]['id'];

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
