import { INVITATION_LIFETIME_DAYS, ROLE_DESCRIPTIONS, ROLE_LABELS, type Role } from '@callwise/shared/roles';
import { createInvitationInputSchema } from '@callwise/shared/schemas/team';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { FormField, fieldMessageId } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { RadioGroup, RadioGroupItem } from '@/components/ui/radio-group';
import { useCreateInvitation } from '@/features/team/api/create-invitation';
import { invitableRoles } from '@/features/team/utils/permissions';
import { isApiError } from '@/lib/api-error';
import { errorMessage } from '@/lib/errors';
import { fieldErrorsOf } from '@/lib/form-errors';

/** The form; the dialog mounts it while open, so each opening starts empty. */
function InviteForm({
  caller,
  businessName,
  onDone,
}: {
  caller: Role;
  businessName: string;
  onDone: () => void;
}) {
  const create = useCreateInvitation();
  const roles = invitableRoles(caller);
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<Role>('staff');
  const [emailError, setEmailError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const parsed = createInvitationInputSchema.safeParse({ email, role });
    if (!parsed.success) {
      setEmailError(parsed.error.issues.find((issue) => issue.path[0] === 'email')?.message);
      return;
    }
    setEmailError(undefined);
    create.mutate(parsed.data, {
      onSuccess: (invitation) => {
        toast.success('Invitation sent', {
          description: `We e-mailed ${invitation.email} a link to join ${businessName}.`,
        });
        onDone();
      },
      onError: (error) => {
        // Already a member (or invited), or a refused address: said under the address; anything else below.
        const fieldProblem = fieldErrorsOf(error).find((problem) => problem.field === 'email');
        if (fieldProblem || (isApiError(error) && error.code === 'already_member')) {
          setEmailError(fieldProblem?.message ?? errorMessage(error));
          document.getElementById('invite-email')?.focus();
        } else {
          setFormError(errorMessage(error));
        }
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate className="grid gap-5" aria-label="Invite a member">
      <FormField id="invite-email" label="E-mail" error={emailError}>
        <Input
          id="invite-email"
          type="email"
          autoComplete="off"
          placeholder="colleague@business.com"
          value={email}
          maxLength={320}
          onChange={(event) => setEmail(event.target.value)}
          aria-invalid={emailError ? true : undefined}
          aria-describedby={emailError ? fieldMessageId('invite-email') : undefined}
        />
      </FormField>
      <div className="grid gap-3">
        <p id="invite-role-label" className="text-sm font-medium">
          Role
        </p>
        <RadioGroup
          aria-labelledby="invite-role-label"
          value={role}
          onValueChange={(value) => setRole(value as Role)}
          className="gap-2"
        >
          {roles.map((option) => (
            <div
              key={option}
              className="flex items-start gap-3 rounded-lg border p-3 has-[[data-state=checked]]:border-primary has-[[data-state=checked]]:bg-primary-soft/40"
            >
              <RadioGroupItem
                id={`invite-role-${option}`}
                value={option}
                className="mt-0.5"
                aria-describedby={`invite-role-${option}-description`}
              />
              <div className="grid gap-0.5">
                <Label htmlFor={`invite-role-${option}`}>{ROLE_LABELS[option]}</Label>
                <p
                  id={`invite-role-${option}-description`}
                  className="text-[0.8125rem] text-muted-foreground"
                >
                  {ROLE_DESCRIPTIONS[option]}
                </p>
              </div>
            </div>
          ))}
        </RadioGroup>
      </div>
      {formError && (
        <p role="alert" className="text-sm text-destructive">
          {formError}
        </p>
      )}
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? 'Sending...' : 'Send invitation'}
        </Button>
      </DialogFooter>
    </form>
  );
}

/**
 * "Invite member": an e-mail address and a role (each with what it allows; only an owner may pick Owner). The
 * invitee gets a link that works for a week and chooses their own name and password.
 */
export function InviteMemberDialog({
  open,
  onOpenChange,
  caller,
  businessName,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  caller: Role;
  businessName: string;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>Invite a member</DialogTitle>
          <DialogDescription>
            They get an e-mail with a link to join {businessName}. The link works for{' '}
            {INVITATION_LIFETIME_DAYS} days.
          </DialogDescription>
        </DialogHeader>
        <InviteForm caller={caller} businessName={businessName} onDone={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}
