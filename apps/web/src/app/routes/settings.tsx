import { PageIntro } from '@/components/page-intro';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { BillingSection } from '@/features/billing/components/billing-section';
import { useMe } from '@/features/settings/api/get-me';
import { ApiKeysCard } from '@/features/settings/components/api-keys-card';
import { CallingRulesCard } from '@/features/settings/components/calling-rules-card';
import { DoNotCallCard } from '@/features/settings/components/do-not-call-card';
import { NotificationsCard } from '@/features/settings/components/notifications-card';
import { PasswordCard } from '@/features/settings/components/password-card';
import { ProfileCard, type ProfileChanges } from '@/features/settings/components/profile-card';
import { SettingsError, SettingsSkeleton } from '@/features/settings/components/settings-states';
import { WebhooksCard } from '@/features/settings/components/webhooks-card';
import { errorMessage } from '@/lib/errors';

export default function SettingsPage() {
  const { user, updateProfile, updatePassword } = useAuth();
  const me = useMe();

  const saveProfile = async (changes: ProfileChanges) => {
    await updateProfile(changes);
  };
  const changePassword = ({
    currentPassword,
    newPassword,
  }: {
    currentPassword: string;
    newPassword: string;
  }) => updatePassword({ password: newPassword, currentPassword });

  return (
    <div className="grid grid-cols-1 gap-6">
      <PageIntro description="Your profile, notifications, calling rules, do-not-call list, password, API keys, webhooks and plan." />
      {me.isPending ? (
        <SettingsSkeleton />
      ) : me.isError ? (
        <SettingsError
          message={errorMessage(me.error)}
          retrying={me.isFetching}
          onRetry={() => void me.refetch()}
        />
      ) : (
        <>
          <ProfileCard me={me.data} pendingEmail={user?.new_email ?? null} onSave={saveProfile} />
          <NotificationsCard notifications={me.data.notifications} />
        </>
      )}
      <CallingRulesCard />
      <DoNotCallCard />
      <PasswordCard email={user?.email ?? ''} onChangePassword={changePassword} />
      <ApiKeysCard planId={me.data?.account.plan ?? null} />
      <WebhooksCard />
      <BillingSection />
    </div>
  );
}
