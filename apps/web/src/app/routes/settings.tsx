import { PLANS, type PlanId } from '@callwise/shared/plans';
import { Link } from 'react-router';
import { PageIntro } from '@/components/page-intro';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { useMe } from '@/features/settings/api/get-me';
import { ApiKeysCard } from '@/features/settings/components/api-keys-card';
import { NotificationsCard } from '@/features/settings/components/notifications-card';
import { PasswordCard } from '@/features/settings/components/password-card';
import { ProfileCard, type ProfileChanges } from '@/features/settings/components/profile-card';
import { SettingsError, SettingsSkeleton } from '@/features/settings/components/settings-states';
import { errorMessage } from '@/lib/errors';

/** The account's own plan (billing history and plan changes come with the billing work). */
function BillingCard({ planId }: { planId: PlanId | null }) {
  const plan = planId ? PLANS[planId] : null;
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Billing</CardTitle>
        <CardDescription>Your plan and invoices.</CardDescription>
      </CardHeader>
      <CardContent>
        <div className="flex flex-col gap-4 rounded-lg border bg-muted/40 p-4 sm:flex-row sm:items-center sm:justify-between">
          <div className="grid gap-1">
            <div className="flex items-center gap-2">
              <span className="font-semibold">{plan?.name ?? 'Your plan'}</span>
              {plan ? <Badge variant="secondary">Current plan</Badge> : null}
            </div>
            <p className="text-sm text-muted-foreground">
              {plan?.description ?? 'Plan details are loading.'}
            </p>
          </div>
          <div className="flex flex-wrap gap-2">
            {planId === 'enterprise' ? null : (
              <Button asChild>
                <Link to={paths.pricing}>
                  {planId === 'professional' ? 'Compare plans' : 'Upgrade to Pro'}
                </Link>
              </Button>
            )}
            <Button variant="outline" disabled>
              View Billing History
            </Button>
          </div>
        </div>
      </CardContent>
    </Card>
  );
}

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
      <PageIntro description="Your profile, notifications, password, API keys and plan." />
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
      <PasswordCard email={user?.email ?? ''} onChangePassword={changePassword} />
      <ApiKeysCard planId={me.data?.account.plan ?? null} />
      <BillingCard planId={me.data?.account.plan ?? null} />
    </div>
  );
}
