import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import { z } from 'zod';
import { FormCheckbox } from '@/components/form-parts/form-checkbox';
import { Button } from '@/components/ui/button';
import { FormField, fieldMessageId } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { PasswordInput } from '@/components/ui/password-input';
import { paths } from '@/config/paths';

const required = (label: string) => z.string().trim().min(1, `Enter your ${label}.`);

export const signUpSchema = z.object({
  firstName: required('first name'),
  lastName: required('last name'),
  businessName: required('business name'),
  email: z.email('Enter a valid email address.'),
  password: z.string().min(1, 'Choose a password.'),
  agreeToTerms: z.boolean().refine((value) => value, 'Please accept the terms to continue.'),
});
export type SignUpValues = z.infer<typeof signUpSchema>;

type TextField = Exclude<keyof SignUpValues, 'agreeToTerms' | 'password'>;

const textFields: {
  name: TextField;
  label: string;
  autoComplete: string;
  type?: string;
  placeholder: string;
}[] = [
  { name: 'firstName', label: 'First Name', autoComplete: 'given-name', placeholder: 'Jane' },
  { name: 'lastName', label: 'Last Name', autoComplete: 'family-name', placeholder: 'Doe' },
  {
    name: 'businessName',
    label: 'Business Name',
    autoComplete: 'organization',
    placeholder: 'Bright Smile Dental',
  },
  { name: 'email', label: 'Email', autoComplete: 'email', type: 'email', placeholder: 'you@business.com' },
];

export interface SignUpFormProps {
  /** Creates the account; the form stays disabled until a handler is given. */
  onSubmit?: (values: SignUpValues) => Promise<void>;
  /** Values to start from (for example the details of a sign-up being corrected). */
  initialValues?: Partial<Omit<SignUpValues, 'password' | 'agreeToTerms'>>;
}

export function SignUpForm({ onSubmit, initialValues }: SignUpFormProps) {
  const {
    register,
    control,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<SignUpValues>({
    resolver: zodResolver(signUpSchema),
    defaultValues: {
      firstName: '',
      lastName: '',
      businessName: '',
      email: '',
      ...initialValues,
      password: '',
      agreeToTerms: false,
    },
  });
  const agreed = useWatch({ control, name: 'agreeToTerms' });

  const submit = handleSubmit(async (values) => {
    await onSubmit?.(values);
  });

  return (
    <form onSubmit={submit} noValidate className="grid gap-5">
      <div className="grid gap-5 sm:grid-cols-2">
        {textFields.map((field) => (
          <FormField
            key={field.name}
            id={field.name}
            label={field.label}
            error={errors[field.name]?.message}
            className={field.name === 'firstName' || field.name === 'lastName' ? undefined : 'sm:col-span-2'}
          >
            <Input
              id={field.name}
              type={field.type ?? 'text'}
              autoComplete={field.autoComplete}
              placeholder={field.placeholder}
              aria-invalid={errors[field.name] ? true : undefined}
              aria-describedby={errors[field.name] ? fieldMessageId(field.name) : undefined}
              {...register(field.name)}
            />
          </FormField>
        ))}
        <FormField id="password" label="Password" error={errors.password?.message} className="sm:col-span-2">
          <PasswordInput
            id="password"
            autoComplete="new-password"
            placeholder="At least 8 characters"
            aria-invalid={errors.password ? true : undefined}
            aria-describedby={errors.password ? fieldMessageId('password') : undefined}
            {...register('password')}
          />
        </FormField>
      </div>
      <div className="flex items-start gap-2.5">
        <FormCheckbox control={control} name="agreeToTerms" id="agree-to-terms" className="mt-0.5" />
        <Label htmlFor="agree-to-terms" className="block leading-snug font-normal text-muted-foreground">
          I agree to the{' '}
          <Link to={paths.terms} className="font-medium text-primary underline-offset-4 hover:underline">
            Terms of Service
          </Link>{' '}
          and{' '}
          <Link to={paths.privacy} className="font-medium text-primary underline-offset-4 hover:underline">
            Privacy Policy
          </Link>
        </Label>
      </div>
      <Button type="submit" size="lg" className="w-full" disabled={!onSubmit || !agreed || isSubmitting}>
        {isSubmitting ? 'Creating Account...' : 'Start Free Trial'}
      </Button>
      <p className="text-center text-sm text-muted-foreground">
        Already have an account?{' '}
        <Link to={paths.login} className="font-medium text-primary underline-offset-4 hover:underline">
          Sign in
        </Link>
      </p>
    </form>
  );
}
