import { ROLE_LABELS, type Role } from '@callwise/shared/roles';
import { InvitationsCard } from '@/features/team/components/invitations-card';
import { MembersCard } from '@/features/team/components/members-card';
import { TeamSecurityCard } from '@/features/team/components/team-security-card';
import { mayInvite } from '@/features/team/utils/permissions';

const article = (role: Role) => (role === 'admin' || role === 'owner' ? 'an' : 'a');

/**
 * Settings → Team (decision 035): the members and their roles for everyone; the invitations for owners and
 * admins; the two-factor requirement for owners. Nothing is fetched that the role may not read.
 */
export function TeamSection({
  role,
  businessName,
  onLeft,
}: {
  role: Role;
  businessName: string;
  onLeft: () => void;
}) {
  return (
    <section aria-labelledby="team-heading" className="grid min-w-0 grid-cols-1 gap-6">
      <div className="grid gap-1">
        <h2 id="team-heading" className="text-lg font-semibold tracking-tight">
          Team
        </h2>
        <p className="text-sm text-muted-foreground">
          You are {article(role)} {ROLE_LABELS[role].toLowerCase()} of {businessName}. Owners can do
          everything, billing and ownership included; admins everything else; staff the daily work with
          contacts, calls, appointments and messages.
        </p>
      </div>
      <MembersCard role={role} businessName={businessName} onLeft={onLeft} />
      {mayInvite(role) && <InvitationsCard role={role} businessName={businessName} />}
      {role === 'owner' && <TeamSecurityCard />}
    </section>
  );
}
