import { PLANS } from '@callwise/shared/plans';
import { Link } from 'react-router';
import { PageIntro } from '@/components/page-intro';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { useMe } from '@/features/settings/api/get-me';
import { NotificationsCard } from '@/features/settings/components/notifications-card';
import { PasswordCard } from '@/features/settings/components/password-card';
import { ProfileCard, type ProfileChanges } from '@/features/settings/components/profile-card';
import { SettingsError, SettingsSkeleton } from '@/features/settings/components/settings-states';
import { errorMessage } from '@/lib/errors';

function BillingCard() {
  const trial = PLANS.trial;
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
              <span className="font-semibold">{trial.name}</span>
              <Badge variant="secondary">Current plan</Badge>
            </div>
            <p className="text-sm text-muted-foreground">{trial.description}</p>
          </div>
          <div className="flex flex-wrap gap-2">
            <Button asChild>
              <Link to={paths.pricing}>Upgrade to Pro</Link>
            </Button>
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
      <PageIntro description="Your profile, notifications, password and plan." />
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
      <BillingCard />
    </div>
  );
}
