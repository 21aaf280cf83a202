import { type Role, roleAllows } from '@callwise/shared/roles';
import { SETTINGS_SECTIONS, type SettingsSectionId } from '@callwise/shared/routes';
import type { Me } from '@callwise/shared/schemas/me';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { PageIntro } from '@/components/page-intro';
import { SETTINGS_SECTION_ROLES } from '@/config/access';
import { paths } from '@/config/paths';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { BillingSection } from '@/features/billing/components/billing-section';
import { useMe } from '@/features/settings/api/get-me';
import { updateMe } from '@/features/settings/api/update-me';
import { ApiKeysCard } from '@/features/settings/components/api-keys-card';
import { AssistantSection } from '@/features/settings/components/assistant-section';
import { AuditLogCard } from '@/features/settings/components/audit-log-card';
import { BookingSection } from '@/features/settings/components/booking-section';
import { CallingRulesCard } from '@/features/settings/components/calling-rules-card';
import { DoNotCallCard } from '@/features/settings/components/do-not-call-card';
import { NotificationsCard } from '@/features/settings/components/notifications-card';
import { PasswordCard } from '@/features/settings/components/password-card';
import { ProfileCard, type ProfileChanges } from '@/features/settings/components/profile-card';
import { SettingsNav } from '@/features/settings/components/settings-nav';
import {
  SettingsError,
  SettingsForbidden,
  SettingsSkeleton,
} from '@/features/settings/components/settings-states';
import { TextSettingsCard } from '@/features/settings/components/text-settings-card';
import { TwoFactorCard } from '@/features/settings/components/two-factor-card';
import { WebhooksCard } from '@/features/settings/components/webhooks-card';
import { TeamSection } from '@/features/team/components/team-section';
import { errorMessage } from '@/lib/errors';

const DESCRIPTIONS: Record<SettingsSectionId, string> = {
  profile: 'Your name, e-mail address, phone number and business.',
  team: 'Who signs in to your business, with which role, and who is invited.',
  notifications: 'Which e-mails Callwise sends you.',
  'calling-rules': 'When calls may be placed, how many a day, and what every call says first.',
  texts: 'The text sent after a call that reached nobody, and the one that answers a call nobody took.',
  booking: 'Opening hours, staff, services, closures and the reminders sent before each appointment.',
  assistant:
    'The phone assistant that answers your business number: what it knows, who it puts callers through to, how it greets them.',
  'do-not-call': 'Numbers that are never called.',
  security: 'Your password and two-factor sign-in.',
  'api-keys': 'Keys for the REST API.',
  webhooks: 'The secret that signs the webhooks Callwise sends you.',
  billing: 'Your plan, usage and invoices.',
  'audit-log': 'Sign-ins, security changes, API keys, plan and rule changes, deletions and exports.',
};

/** Whether a member of `role` may use the section; before the role is known, only what every role may. */
function mayUse(role: Role | null, section: SettingsSectionId): boolean {
  const minimum = SETTINGS_SECTION_ROLES[section];
  return role === null ? minimum === 'staff' : roleAllows(role, minimum);
}

/** The section a path names (/settings/<id>), or null. */
function sectionOf(pathname: string): SettingsSectionId | null {
  const id = pathname.toLowerCase().replace(/\/+$/, '').split('/')[2];
  return SETTINGS_SECTIONS.find((section) => section.id === id)?.id ?? null;
}

/**
 * Settings, one section a page (/settings/profile, /settings/billing, …). /settings alone opens the first
 * section — or the one an older link names with its hash (/settings#webhooks → /settings/webhooks).
 */
export default function SettingsPage() {
  const location = useLocation();
  const me = useMe();
  const role = me.data?.role ?? null;
  const section = sectionOf(location.pathname);
  if (!section) {
    const fromHash = SETTINGS_SECTIONS.find((item) => `#${item.id}` === location.hash);
    const target = fromHash ?? SETTINGS_SECTIONS[0];
    return <Navigate to={`${target.path}${location.search}`} replace />;
  }
  return (
    <div className="grid grid-cols-1 gap-6">
      <PageIntro description={DESCRIPTIONS[section]} />
      <SettingsNav
        // Once the role is known the row may grow: mounted again, it brings the current section into sight.
        key={role ?? 'unknown'}
        sections={SETTINGS_SECTIONS.filter((item) => mayUse(role, item.id))}
        current={section}
      />
      <div className="grid min-w-0 grid-cols-1 gap-6" data-testid={`settings-${section}`}>
        <SettingsSection section={section} />
      </div>
    </div>
  );
}

/**
 * Security (your password and authenticator) is yours whatever your role and never waits for `/v1/me`; every
 * other section waits for it (your role, your business), and one your role cannot use says who can instead.
 */
function SettingsSection({ section }: { section: SettingsSectionId }) {
  const me = useMe();
  if (section === 'security') return <SecuritySection />;
  if (me.isPending) return <SettingsSkeleton />;
  if (me.isError)
    return (
      <SettingsError
        message={errorMessage(me.error)}
        retrying={me.isFetching}
        onRetry={() => void me.refetch()}
      />
    );
  const minimum = SETTINGS_SECTION_ROLES[section];
  if (!roleAllows(me.data.role, minimum))
    return <SettingsForbidden minimum={minimum} businessName={me.data.account.name} />;
  return <SectionContent section={section} me={me.data} />;
}

function SecuritySection() {
  const { user, updatePassword } = useAuth();
  const changePassword = ({
    currentPassword,
    newPassword,
  }: {
    currentPassword: string;
    newPassword: string;
  }) => updatePassword({ password: newPassword, currentPassword });
  return (
    <>
      <PasswordCard email={user?.email ?? ''} onChangePassword={changePassword} />
      <TwoFactorCard />
    </>
  );
}

function SectionContent({ section, me }: { section: Exclude<SettingsSectionId, 'security'>; me: Me }) {
  const { user, updateProfile } = useAuth();
  const navigate = useNavigate();
  const admin = roleAllows(me.role, 'admin');

  const saveProfile = async ({ timezone, phoneNumber, businessName, ...profile }: ProfileChanges) => {
    // The account's side first (its time zone, your own number): the server checks the number, and a refused one
    // saves nothing. The first save also ticks the dashboard's checklist. Staff change neither the business's time
    // zone nor its name.
    await updateMe({ ...(admin ? { timezone } : {}), phone_number: phoneNumber });
    await updateProfile(admin ? { ...profile, businessName } : profile);
  };

  switch (section) {
    case 'profile':
      return (
        <ProfileCard
          me={me}
          pendingEmail={user?.new_email ?? null}
          businessLocked={!admin}
          onSave={saveProfile}
        />
      );
    case 'notifications':
      return <NotificationsCard notifications={me.notifications} />;
    case 'team':
      return (
        <TeamSection
          role={me.role}
          businessName={me.account.name}
          onLeft={() => void navigate(paths.login, { replace: true })}
        />
      );
    case 'calling-rules':
      return <CallingRulesCard />;
    case 'texts':
      return <TextSettingsCard />;
    case 'booking':
      return <BookingSection />;
    case 'assistant':
      return <AssistantSection />;
    case 'do-not-call':
      return <DoNotCallCard />;
    case 'api-keys':
      return <ApiKeysCard planId={me.account.plan} />;
    case 'webhooks':
      return <WebhooksCard />;
    case 'billing':
      return <BillingSection />;
    case 'audit-log':
      return <AuditLogCard />;
  }
}
