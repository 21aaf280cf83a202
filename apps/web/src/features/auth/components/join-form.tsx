import type { InvitationPreview } from '@callwise/shared/schemas/team';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { FormField, fieldMessageId } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { PasswordInput } from '@/components/ui/password-input';
import { acceptInvitation, type JoinedSession } from '@/features/auth/api/accept-invitation';
import { MIN_PASSWORD_LENGTH } from '@/features/auth/components/set-password-form';
import { isApiError } from '@/lib/api-error';
import { errorMessage } from '@/lib/errors';
import { fieldErrorsOf } from '@/lib/form-errors';

export const joinSchema = z.object({
  firstName: z.string().trim().min(1, 'Enter your first name.').max(100, 'Use at most 100 characters.'),
  lastName: z.string().trim().max(100, 'Use at most 100 characters.'),
  password: z
    .string()
    .min(1, 'Choose a password.')
    .min(MIN_PASSWORD_LENGTH, `Use at least ${MIN_PASSWORD_LENGTH} characters.`),
});
export type JoinValues = z.infer<typeof joinSchema>;

/** The server's names of the fields it may refuse. */
const SERVER_FIELDS: Record<string, keyof JoinValues> = {
  first_name: 'firstName',
  last_name: 'lastName',
  password: 'password',
};

/** The link itself stopped working while the form was open (used, revoked, replaced or expired). */
export type DeadLink = 'invalid' | 'expired';

export interface JoinFormProps {
  token: string;
  preview: InvitationPreview;
  onJoined: (session: JoinedSession) => Promise<void>;
  onDeadLink: (kind: DeadLink) => void;
}

/**
 * Joining a business through its invitation: the invited address (fixed), a name and a password (sign-up's rules:
 * at least 8 characters, not a known one). A refused field says why under it; anything else under the button.
 */
export function JoinForm({ token, preview, onJoined, onDeadLink }: JoinFormProps) {
  const [problem, setProblem] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<JoinValues>({
    resolver: zodResolver(joinSchema),
    defaultValues: { firstName: '', lastName: '', password: '' },
  });

  const submit = handleSubmit(async (values) => {
    setProblem(null);
    let session: JoinedSession;
    try {
      session = await acceptInvitation({
        token,
        password: values.password,
        first_name: values.firstName,
        last_name: values.lastName,
      });
    } catch (error) {
      if (isApiError(error) && error.code === 'invitation_invalid') return onDeadLink('invalid');
      if (isApiError(error) && error.code === 'link_expired') return onDeadLink('expired');
      let focused = false;
      for (const { field, message } of fieldErrorsOf(error)) {
        const name = SERVER_FIELDS[field];
        if (!name) continue;
        setError(name, { type: 'server', message }, { shouldFocus: !focused });
        focused = true;
      }
      if (!focused && isApiError(error) && error.code === 'weak_password') {
        setError('password', { type: 'server', message: error.message }, { shouldFocus: true });
        focused = true;
      }
      if (!focused) setProblem(errorMessage(error));
      return;
    }
    try {
      await onJoined(session);
    } catch (error) {
      setProblem(
        `You joined, but could not be signed in: ${errorMessage(error)} Sign in with your password.`,
      );
    }
  });

  const fieldProps = (id: string, name: keyof JoinValues) => ({
    id,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? fieldMessageId(id) : undefined,
  });

  return (
    <form onSubmit={submit} noValidate className="grid gap-5" aria-label={`Join ${preview.business_name}`}>
      <FormField id="join-email" label="E-mail" description="You sign in with this address.">
        <Input
          id="join-email"
          type="email"
          autoComplete="username"
          value={preview.email}
          readOnly
          className="bg-muted/50 text-muted-foreground"
          aria-describedby={fieldMessageId('join-email')}
        />
      </FormField>
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField id="join-first-name" label="First name" error={errors.firstName?.message}>
          <Input
            {...fieldProps('join-first-name', 'firstName')}
            autoComplete="given-name"
            {...register('firstName')}
          />
        </FormField>
        <FormField id="join-last-name" label="Last name" error={errors.lastName?.message}>
          <Input
            {...fieldProps('join-last-name', 'lastName')}
            autoComplete="family-name"
            {...register('lastName')}
          />
        </FormField>
      </div>
      <FormField
        id="join-password"
        label="Password"
        error={errors.password?.message}
        description={errors.password ? undefined : `At least ${MIN_PASSWORD_LENGTH} characters.`}
      >
        <PasswordInput
          id="join-password"
          autoComplete="new-password"
          aria-invalid={errors.password ? true : undefined}
          aria-describedby={fieldMessageId('join-password')}
          {...register('password')}
        />
      </FormField>
      {problem && (
        <p role="alert" className="text-sm text-destructive">
          {problem}
        </p>
      )}
      <Button
        type="submit"
        size="lg"
        className="h-auto min-h-11 w-full py-2 whitespace-normal wrap-anywhere"
        disabled={isSubmitting}
      >
        {isSubmitting ? 'Joining...' : `Join ${preview.business_name}`}
      </Button>
    </form>
  );
}
