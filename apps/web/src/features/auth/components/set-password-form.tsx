import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { FormField, fieldMessageId } from '@/components/ui/form-field';
import { PasswordInput } from '@/components/ui/password-input';

export const MIN_PASSWORD_LENGTH = 8;

export const setPasswordSchema = z
  .object({
    password: z
      .string()
      .min(1, 'Choose a new password.')
      .min(MIN_PASSWORD_LENGTH, `Use at least ${MIN_PASSWORD_LENGTH} characters.`),
    confirmPassword: z.string().min(1, 'Type the new password again.'),
  })
  .refine((values) => values.password === values.confirmPassword, {
    path: ['confirmPassword'],
    message: 'The passwords do not match.',
  });
export type SetPasswordValues = z.infer<typeof setPasswordSchema>;

export interface SetPasswordFormProps {
  /** The account's address, for password managers. */
  email: string;
  /** Saves the new password; when it throws (after telling the user), the fields stay as typed. */
  onSubmit: (password: string) => Promise<void>;
}

/** The new password after a reset link: typed twice, at least 8 characters. */
export function SetPasswordForm({ email, onSubmit }: SetPasswordFormProps) {
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<SetPasswordValues>({
    resolver: zodResolver(setPasswordSchema),
    defaultValues: { password: '', confirmPassword: '' },
  });

  const submit = handleSubmit(async (values) => {
    try {
      await onSubmit(values.password);
    } catch {
      // The handler has shown the server's message.
    }
  });

  return (
    <form onSubmit={submit} noValidate className="grid gap-5">
      <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
      <FormField
        id="new-password"
        label="New Password"
        error={errors.password?.message}
        description={errors.password ? undefined : `At least ${MIN_PASSWORD_LENGTH} characters.`}
      >
        <PasswordInput
          id="new-password"
          autoComplete="new-password"
          autoFocus
          aria-invalid={errors.password ? true : undefined}
          aria-describedby={fieldMessageId('new-password')}
          {...register('password')}
        />
      </FormField>
      <FormField id="confirm-password" label="Confirm Password" error={errors.confirmPassword?.message}>
        <PasswordInput
          id="confirm-password"
          autoComplete="new-password"
          aria-invalid={errors.confirmPassword ? true : undefined}
          aria-describedby={errors.confirmPassword ? fieldMessageId('confirm-password') : undefined}
          {...register('confirmPassword')}
        />
      </FormField>
      <Button type="submit" size="lg" className="w-full" disabled={isSubmitting}>
        {isSubmitting ? 'Saving...' : 'Set New Password'}
      </Button>
    </form>
  );
}
