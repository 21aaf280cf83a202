import { PLANS } from '@callwise/shared/plans';
import { Link } from 'react-router';
import { PageIntro } from '@/components/page-intro';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { PasswordInput } from '@/components/ui/password-input';
import { Separator } from '@/components/ui/separator';
import { Switch } from '@/components/ui/switch';
import { paths } from '@/config/paths';
import { useAuth } from '@/features/auth/hooks/use-auth';

const notifications = [
  {
    id: 'email-notifications',
    label: 'Email notifications',
    description: 'News about your account and your calls by email.',
  },
  {
    id: 'call-summaries',
    label: 'Call summaries',
    description: 'A daily summary of the calls placed and their outcomes.',
  },
  {
    id: 'failure-alerts',
    label: 'Failure alerts',
    description: 'An email as soon as a call fails after all its retries.',
  },
];

export default function SettingsPage() {
  const { user } = useAuth();
  const trial = PLANS.trial;

  return (
    <form className="grid grid-cols-1 gap-6" onSubmit={(event) => event.preventDefault()}>
      <PageIntro description="Your profile, notifications, password and plan." />
      <Card>
        <CardHeader>
          <CardTitle as="h2">Profile</CardTitle>
          <CardDescription>Your name and business, as your team and your invoices show them.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-5 sm:grid-cols-2">
          <FormField id="first-name" label="First Name">
            <Input id="first-name" name="firstName" autoComplete="given-name" />
          </FormField>
          <FormField id="last-name" label="Last Name">
            <Input id="last-name" name="lastName" autoComplete="family-name" />
          </FormField>
          <FormField id="profile-email" label="Email">
            <Input
              id="profile-email"
              name="email"
              type="email"
              autoComplete="email"
              defaultValue={user?.email ?? ''}
            />
          </FormField>
          <FormField id="company" label="Company">
            <Input id="company" name="company" autoComplete="organization" />
          </FormField>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle as="h2">Notifications</CardTitle>
          <CardDescription>Choose what we email you about.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-0">
          {notifications.map((item, index) => (
            <div key={item.id}>
              {index > 0 && <Separator className="my-4" />}
              <div className="flex items-center justify-between gap-4">
                <div className="grid gap-1">
                  <Label htmlFor={item.id}>{item.label}</Label>
                  <p id={`${item.id}-description`} className="text-sm text-muted-foreground">
                    {item.description}
                  </p>
                </div>
                <Switch
                  id={item.id}
                  name={item.id}
                  defaultChecked
                  aria-describedby={`${item.id}-description`}
                />
              </div>
            </div>
          ))}
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle as="h2">Security</CardTitle>
          <CardDescription>Change the password you sign in with.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-5 sm:grid-cols-2">
          <FormField
            id="current-password"
            label="Current Password"
            className="sm:col-span-2 sm:max-w-[calc(50%-0.625rem)]"
          >
            <PasswordInput id="current-password" autoComplete="current-password" />
          </FormField>
          <FormField id="new-password" label="New Password">
            <PasswordInput id="new-password" autoComplete="new-password" />
          </FormField>
          <FormField id="confirm-password" label="Confirm Password">
            <PasswordInput id="confirm-password" autoComplete="new-password" />
          </FormField>
        </CardContent>
        <CardFooter>
          <Button variant="outline" disabled>
            Update Password
          </Button>
        </CardFooter>
      </Card>

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

      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="reset" variant="outline">
          Cancel
        </Button>
        <Button type="submit" disabled>
          Save Changes
        </Button>
      </div>
    </form>
  );
}
