import { PRODUCT_NAME } from '@callwise/shared/product';
import { ShieldCheckIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { Switch } from '@/components/ui/switch';
import { paths } from '@/config/paths';
import { useMembers } from '@/features/team/api/get-members';
import { useUpdateTeamSecurity } from '@/features/team/api/update-team-security';

/**
 * Settings → Team → Security (an owner's): whether every member must sign in with a second factor. A member
 * without one is sent to set it up the next time they sign in, before anything else. Turning it on needs a second
 * factor of your own (the server says so too: 409).
 */
export function TeamSecurityCard() {
  const members = useMembers();
  const update = useUpdateTeamSecurity();
  const list = members.data;
  const withSecondFactor = list?.data.filter((member) => member.two_factor).length ?? 0;
  // Whoever turns it on needs a second factor of their own, or they would be the first one sent to set it up.
  const ownFactorFirst = list
    ? !list.require_two_factor && !list.data.some((m) => m.is_you && m.two_factor)
    : false;

  return (
    <Card aria-labelledby="team-security-heading" data-testid="team-security-card">
      <CardHeader>
        <CardTitle as="h3" id="team-security-heading" className="flex items-center gap-2">
          <ShieldCheckIcon aria-hidden="true" className="size-4 text-primary" />
          Security
        </CardTitle>
        <CardDescription>How the members of your business sign in.</CardDescription>
      </CardHeader>
      <CardContent>
        {list ? (
          <div className="flex items-start justify-between gap-4">
            <div className="grid gap-1">
              <Label htmlFor="require-two-factor">Require two-factor sign-in for every member</Label>
              <p id="require-two-factor-description" className="text-sm text-muted-foreground">
                Members without a second factor are asked to set one up when they next sign in, before they
                can use {PRODUCT_NAME}. {withSecondFactor} of {list.data.length}{' '}
                {list.data.length === 1 ? 'member uses' : 'members use'} one now.
              </p>
              {ownFactorFirst && (
                <p id="require-two-factor-first" className="text-sm">
                  Set up two-factor sign-in for yourself first, in{' '}
                  <Link
                    to={paths.settingsSecurity}
                    className="font-medium text-primary underline underline-offset-4"
                  >
                    Security
                  </Link>
                  .
                </p>
              )}
            </div>
            <Switch
              id="require-two-factor"
              checked={list.require_two_factor}
              disabled={update.isPending || ownFactorFirst}
              onCheckedChange={(checked) => update.mutate(checked)}
              aria-describedby={
                ownFactorFirst
                  ? 'require-two-factor-description require-two-factor-first'
                  : 'require-two-factor-description'
              }
            />
          </div>
        ) : members.isError ? (
          <p className="text-sm text-muted-foreground">This setting shows once the members have loaded.</p>
        ) : (
          <div role="status" aria-label="Loading the security setting" className="grid gap-2">
            <Skeleton className="h-4 w-72 max-w-full" />
            <Skeleton className="h-4 w-96 max-w-full" />
          </div>
        )}
      </CardContent>
    </Card>
  );
}
