import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { FormField, fieldMessageId } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { PasswordInput } from '@/components/ui/password-input';
import { paths } from '@/config/paths';
import {
  ResetPasswordDialog,
  type ResetPasswordValues,
} from '@/features/auth/components/reset-password-dialog';
import { REMEMBER_ME_KEY } from '@/lib/auth-client';

export const signInSchema = z.object({
  email: z.email('Enter a valid email address.'),
  password: z.string().min(1, 'Enter your password.'),
  /** Keep the session after the browser closes (localStorage); unticked, it ends with the browser. */
  remember: z.boolean(),
});
export type SignInValues = z.infer<typeof signInSchema>;

/** Whether the last sign-in on this browser ticked "Remember me". */
function rememberMeChosen(): boolean {
  try {
    return window.localStorage.getItem(REMEMBER_ME_KEY) === '1';
  } catch {
    return false;
  }
}

export interface SignInFormProps {
  /** Signs in; the form stays disabled until a handler is given. */
  onSubmit?: (values: SignInValues) => Promise<void>;
  onResetPassword?: (values: ResetPasswordValues) => Promise<void>;
  /**
   * The e-mail address of a sign-in that went on to its code step and was cancelled: filled in again, and the
   * password field focused, so the user goes on where they were.
   */
  email?: string;
}

export function SignInForm({ onSubmit, onResetPassword, email = '' }: SignInFormProps) {
  const [resetOpen, setResetOpen] = useState(false);
  const {
    register,
    control,
    handleSubmit,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<SignInValues>({
    resolver: zodResolver(signInSchema),
    // The last sign-in's choice (unticked by default, as the spec's form).
    defaultValues: { email, password: '', remember: rememberMeChosen() },
  });
  // Back from a cancelled code step: the focus goes on from the address already filled in, not to the page.
  const returning = email !== '';
  useEffect(() => {
    if (returning) setFocus('password');
  }, [returning, setFocus]);

  const submit = handleSubmit(async (values) => {
    await onSubmit?.(values);
  });

  return (
    <>
      <form onSubmit={submit} noValidate className="grid gap-5">
        <FormField id="email" label="Email" error={errors.email?.message}>
          <Input
            id="email"
            type="email"
            autoComplete="email"
            placeholder="you@business.com"
            aria-invalid={errors.email ? true : undefined}
            aria-describedby={errors.email ? fieldMessageId('email') : undefined}
            {...register('email')}
          />
        </FormField>
        <FormField
          id="password"
          label="Password"
          error={errors.password?.message}
          labelAside={
            <Button
              variant="link"
              size="sm"
              className="h-auto p-0 text-[0.8125rem]"
              onClick={() => setResetOpen(true)}
            >
              Forgot password?
            </Button>
          }
        >
          <PasswordInput
            id="password"
            autoComplete="current-password"
            placeholder="Your password"
            aria-invalid={errors.password ? true : undefined}
            aria-describedby={errors.password ? fieldMessageId('password') : undefined}
            {...register('password')}
          />
        </FormField>
        <div className="flex items-center gap-2">
          <Controller
            control={control}
            name="remember"
            render={({ field }) => (
              <Checkbox
                id="remember-me"
                name="remember-me"
                ref={field.ref}
                checked={field.value}
                onCheckedChange={(checked) => field.onChange(checked === true)}
                onBlur={field.onBlur}
                aria-describedby="remember-me-hint"
              />
            )}
          />
          <Label htmlFor="remember-me" className="font-normal text-muted-foreground">
            Remember me
          </Label>
          <span id="remember-me-hint" className="sr-only">
            Keeps you signed in after the browser closes.
          </span>
        </div>
        <Button type="submit" size="lg" className="w-full" disabled={!onSubmit || isSubmitting}>
          {isSubmitting ? 'Signing In...' : 'Sign In'}
        </Button>
        <p className="text-center text-sm text-muted-foreground">
          Don&apos;t have an account?{' '}
          <Link to={paths.signup} className="font-medium text-primary underline-offset-4 hover:underline">
            Sign up
          </Link>
        </p>
      </form>
      <ResetPasswordDialog open={resetOpen} onOpenChange={setResetOpen} onSubmit={onResetPassword} />
    </>
  );
}
