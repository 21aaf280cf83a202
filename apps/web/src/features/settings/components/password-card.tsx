import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField, fieldMessageId } from '@/components/ui/form-field';
import { PasswordInput } from '@/components/ui/password-input';
import { UnsavedChangesGuard } from '@/components/unsaved-changes-guard';
import { errorMessage } from '@/lib/errors';

const MIN_PASSWORD_LENGTH = 8;

export const changePasswordSchema = z
  .object({
    currentPassword: z.string().min(1, 'Enter your current password.'),
    newPassword: z
      .string()
      .min(1, 'Choose a new password.')
      .min(MIN_PASSWORD_LENGTH, `Use at least ${MIN_PASSWORD_LENGTH} characters.`),
    confirmPassword: z.string().min(1, 'Type the new password again.'),
  })
  .refine((values) => values.newPassword === values.confirmPassword, {
    path: ['confirmPassword'],
    message: 'The passwords do not match.',
  });
export type ChangePasswordValues = z.infer<typeof changePasswordSchema>;

const fields = [
  {
    name: 'currentPassword',
    id: 'current-password',
    label: 'Current Password',
    autoComplete: 'current-password',
    className: 'sm:col-span-2 sm:max-w-[calc(50%-0.625rem)]',
  },
  { name: 'newPassword', id: 'new-password', label: 'New Password', autoComplete: 'new-password' },
  {
    name: 'confirmPassword',
    id: 'confirm-password',
    label: 'Confirm Password',
    autoComplete: 'new-password',
  },
] as const;

export interface PasswordCardProps {
  /** The account's address, for password managers. */
  email: string;
  onChangePassword: (input: { currentPassword: string; newPassword: string }) => Promise<void>;
}

/** Security: a new password needs the current one; the user's other devices are signed out. */
export function PasswordCard({ email, onChangePassword }: PasswordCardProps) {
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<ChangePasswordValues>({
    resolver: zodResolver(changePasswordSchema),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });

  const submit = handleSubmit(async ({ currentPassword, newPassword }) => {
    try {
      await onChangePassword({ currentPassword, newPassword });
    } catch (error) {
      toast.error('Error updating password', { description: errorMessage(error) });
      return;
    }
    toast.success('Password updated', { description: 'Your other devices have been signed out.' });
    reset();
  });

  return (
    <Card>
      <UnsavedChangesGuard when={isDirty && !isSubmitting} />
      <form onSubmit={submit} noValidate className="contents" aria-labelledby="security-heading">
        <CardHeader>
          <CardTitle as="h2" id="security-heading">
            Security
          </CardTitle>
          <CardDescription>Change the password you sign in with.</CardDescription>
        </CardHeader>
        <CardContent className="grid items-start gap-5 sm:grid-cols-2">
          <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
          {fields.map((field) => {
            const error = errors[field.name]?.message;
            const hint =
              field.name === 'newPassword' && !error
                ? `At least ${MIN_PASSWORD_LENGTH} characters.`
                : undefined;
            return (
              <FormField
                key={field.id}
                id={field.id}
                label={field.label}
                error={error}
                description={hint}
                className={'className' in field ? field.className : undefined}
              >
                <PasswordInput
                  id={field.id}
                  autoComplete={field.autoComplete}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error || hint ? fieldMessageId(field.id) : undefined}
                  {...register(field.name)}
                />
              </FormField>
            );
          })}
        </CardContent>
        <CardFooter className="border-t pt-6">
          <Button type="submit" variant="outline" className="w-full sm:w-auto" disabled={isSubmitting}>
            {isSubmitting ? 'Updating...' : 'Update Password'}
          </Button>
        </CardFooter>
      </form>
    </Card>
  );
}
