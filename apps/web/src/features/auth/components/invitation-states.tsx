import { INVITATION_LIFETIME_DAYS } from '@callwise/shared/roles';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import type { DeadLink } from '@/features/auth/components/join-form';

/** What an invitation's link that no longer works says, and the two ways on: sign in, or ask again. */
export const DEAD_LINK_TEXT: Record<DeadLink, { title: string; description: string }> = {
  invalid: {
    title: 'This invitation link does not work',
    description:
      'It may have been used already, revoked, or replaced by a newer invitation. Ask whoever invited you to send a new one. If you have joined already, sign in.',
  },
  expired: {
    title: 'This invitation has expired',
    description: `Invitation links work for ${INVITATION_LIFETIME_DAYS} days. Ask whoever invited you to send a new one. If you have joined already, sign in.`,
  },
};

/** Under a link that no longer works. */
export function DeadLinkActions() {
  return (
    <Button asChild size="lg" className="w-full">
      <Link to={paths.login}>Go to sign in</Link>
    </Button>
  );
}

/** Under the invitation when someone is signed in already: they sign out first (a person belongs to one business). */
export function SignOutFirst({ signingOut, onSignOut }: { signingOut: boolean; onSignOut: () => void }) {
  return (
    <div className="grid gap-3">
      <Button size="lg" className="w-full" onClick={onSignOut} disabled={signingOut}>
        {signingOut ? 'Signing out...' : 'Sign out'}
      </Button>
      <Button asChild variant="outline" size="lg" className="w-full">
        <Link to={paths.dashboard}>Back to your dashboard</Link>
      </Button>
    </div>
  );
}
