import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
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

/** An empty address is allowed here only so that submitting it does nothing (product spec section 5). */
export const resetPasswordSchema = z.object({
  email: z.union([z.literal(''), z.email('Enter a valid email address.')]),
});
export type ResetPasswordValues = z.infer<typeof resetPasswordSchema>;

export interface ResetPasswordDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /**
   * Sends the reset link; the button stays disabled until a handler is given. When it throws (after telling
   * the user), the dialog stays open with the address in place.
   */
  onSubmit?: (values: ResetPasswordValues) => Promise<void>;
}

export function ResetPasswordDialog({ open, onOpenChange, onSubmit }: ResetPasswordDialogProps) {
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ResetPasswordValues>({
    resolver: zodResolver(resetPasswordSchema),
    defaultValues: { email: '' },
  });

  const submit = handleSubmit(async (values) => {
    if (!onSubmit || !values.email) return;
    try {
      await onSubmit(values);
    } catch {
      return;
    }
    reset();
    onOpenChange(false);
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-md">
        <form onSubmit={submit} noValidate className="grid gap-5">
          <DialogHeader>
            <DialogTitle>Reset Password</DialogTitle>
            <DialogDescription>
              Enter the email address of your account and we will send you a link to choose a new password.
            </DialogDescription>
          </DialogHeader>
          <FormField id="reset-email" label="Email" error={errors.email?.message}>
            <Input
              id="reset-email"
              type="email"
              autoComplete="email"
              placeholder="you@business.com"
              aria-invalid={errors.email ? true : undefined}
              aria-describedby={errors.email ? fieldMessageId('reset-email') : undefined}
              {...register('email')}
            />
          </FormField>
          <DialogFooter>
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={!onSubmit || isSubmitting}>
              {isSubmitting ? 'Sending...' : 'Send Reset Link'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
