import { TRIAL_CALLS } from '@callwise/shared/product';
import { CheckCircle2Icon, QuoteIcon } from 'lucide-react';
import { useState } from 'react';
import { Navigate } from 'react-router';
import { toast } from 'sonner';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { CheckEmail } from '@/features/auth/components/check-email';
import { SignUpForm, type SignUpValues } from '@/features/auth/components/sign-up-form';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { errorMessage } from '@/lib/errors';

const benefits = [
  `${TRIAL_CALLS} free AI calls to get started`,
  'No setup fees or hidden costs',
  'Cancel anytime, no long-term contracts',
  '5-minute setup process',
];

export default function SignupPage() {
  const { status, signUp } = useAuth();
  // The sign-up waiting for its e-mail link; its details come back if the user starts over.
  const [submitted, setSubmitted] = useState<SignUpValues | null>(null);
  const [checkingEmail, setCheckingEmail] = useState(false);

  if (status === 'loading') return <Spinner className="flex-1 py-32" size="lg" label="Loading..." />;
  if (status === 'signed-in') return <Navigate to={paths.home} replace />;

  const handleSignUp = async (values: SignUpValues) => {
    try {
      await signUp(values);
    } catch (error) {
      toast.error('Signup Error', { description: errorMessage(error) });
      return;
    }
    toast.success('Account Created!', { description: 'Please check your email to verify your account.' });
    setSubmitted(values);
    setCheckingEmail(true);
  };

  return (
    <div className="flex flex-1 items-center bg-muted/40 px-4 py-12 sm:py-16">
      <div className="mx-auto grid w-full max-w-5xl items-center gap-10 lg:grid-cols-[1.15fr_1fr] lg:gap-14">
        {checkingEmail && submitted ? (
          <CheckEmail email={submitted.email} onStartOver={() => setCheckingEmail(false)} />
        ) : (
          <Card className="w-full shadow-md">
            <CardHeader>
              <h1 className="text-2xl font-semibold tracking-tight">Create Your Account</h1>
              <CardDescription>Start your free trial in under five minutes.</CardDescription>
            </CardHeader>
            <CardContent>
              <SignUpForm onSubmit={handleSignUp} initialValues={submitted ?? undefined} />
            </CardContent>
          </Card>
        )}

        <aside aria-labelledby="trial-heading" className="grid gap-8">
          <div>
            <h2 id="trial-heading" className="text-xl font-semibold tracking-tight">
              Your free trial includes
            </h2>
            <ul className="mt-5 grid gap-4">
              {benefits.map((benefit) => (
                <li key={benefit} className="flex items-start gap-3">
                  <CheckCircle2Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-success" />
                  <span>{benefit}</span>
                </li>
              ))}
            </ul>
          </div>
          <figure className="rounded-xl border bg-card p-6 shadow-xs">
            <QuoteIcon aria-hidden="true" className="size-6 text-primary/40" />
            <blockquote className="mt-3 leading-relaxed">
              “Our front desk used to spend every afternoon on reminder calls. Now they go out on their own
              and we just check who confirmed.”
            </blockquote>
            <figcaption className="mt-4 text-sm text-muted-foreground">
              <span className="font-medium text-foreground">Practice manager</span>, family dental clinic
            </figcaption>
          </figure>
        </aside>
      </div>
    </div>
  );
}
