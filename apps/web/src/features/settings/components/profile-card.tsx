import { formatPhone } from '@callwise/shared/phone';
import type { Me } from '@callwise/shared/schemas/me';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { MailWarningIcon } from 'lucide-react';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField, fieldMessageId } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { UnsavedChangesGuard } from '@/components/unsaved-changes-guard';
import { meQueryOptions } from '@/features/settings/api/get-me';
import { SaveCancelFooter } from '@/features/settings/components/save-cancel-footer';
import { browserTimeZone, timeZoneLabel } from '@/lib/dates';
import { errorMessage } from '@/lib/errors';
import { fieldErrorsOf } from '@/lib/form-errors';
import { dashboardQueryKey } from '@/lib/query-keys';
import { timeZoneGroups } from '@/lib/time-zones';

const required = (message: string) => z.string().trim().min(1, message);

export const profileSchema = z.object({
  firstName: required('Enter your first name.'),
  lastName: required('Enter your last name.'),
  email: z.string().trim().min(1, 'Enter your email address.').pipe(z.email('Enter a valid email address.')),
  company: required('Enter your company name.'),
  phone: z.string().trim().max(40, 'Enter at most 40 characters.'),
  timezone: required('Choose your business’s time zone.'),
});
export type ProfileValues = z.infer<typeof profileSchema>;

/** What Save Changes sends: the names always, the address only when it changes. */
export interface ProfileChanges {
  firstName: string;
  lastName: string;
  businessName: string;
  email?: string;
  /** The business's time zone (IANA). */
  timezone: string;
  /** Your own number, where test calls go (as typed; the server checks it); null removes it. */
  phoneNumber: string | null;
}

const valuesFrom = (me: Me): ProfileValues => ({
  firstName: me.first_name,
  lastName: me.last_name,
  email: me.email,
  company: me.business_name,
  phone: me.phone_number ? formatPhone(me.phone_number) : '',
  timezone: me.timezone,
});

const sameAddress = (a: string | null | undefined, b: string | null | undefined) =>
  Boolean(a && b && a.trim().toLowerCase() === b.trim().toLowerCase());

const fields = [
  { name: 'firstName', id: 'first-name', label: 'First Name', autoComplete: 'given-name', type: 'text' },
  { name: 'lastName', id: 'last-name', label: 'Last Name', autoComplete: 'family-name', type: 'text' },
  { name: 'email', id: 'profile-email', label: 'Email', autoComplete: 'email', type: 'email' },
  { name: 'company', id: 'company', label: 'Company', autoComplete: 'organization', type: 'text' },
  { name: 'phone', id: 'profile-phone', label: 'Phone', autoComplete: 'tel', type: 'tel' },
] as const;

/** Under the business's fields, for a member whose role does not change them. */
const LOCKED_NOTE = 'Only an owner or admin can change this.';

/** What the server calls a profile field it refused. */
const serverFields: Record<string, keyof ProfileValues> = { phone_number: 'phone', timezone: 'timezone' };

export interface ProfileCardProps {
  me: Me;
  /** An address change waiting for its confirmation link. */
  pendingEmail: string | null;
  /**
   * The business's name and time zone are an owner's or admin's to change (decision 035): for staff they are
   * shown, not edited.
   */
  businessLocked?: boolean;
  onSave: (changes: ProfileChanges) => Promise<void>;
}

/** Name, e-mail and company, saved with Save Changes; Cancel brings back the saved values. */
export function ProfileCard({ me, pendingEmail, businessLocked = false, onSave }: ProfileCardProps) {
  const queryClient = useQueryClient();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<ProfileValues>({ resolver: zodResolver(profileSchema), defaultValues: valuesFrom(me) });

  const submit = handleSubmit(async (values) => {
    const emailChanged = !sameAddress(values.email, me.email) && !sameAddress(values.email, pendingEmail);
    try {
      await onSave({
        firstName: values.firstName,
        lastName: values.lastName,
        businessName: values.company,
        ...(emailChanged ? { email: values.email } : {}),
        timezone: values.timezone,
        phoneNumber: values.phone || null,
      });
    } catch (error) {
      toast.error('Error updating profile', { description: errorMessage(error) });
      let focused = false;
      for (const problem of fieldErrorsOf(error)) {
        const name = serverFields[problem.field];
        if (!name) continue;
        setError(name, { type: 'server', message: problem.message }, { shouldFocus: !focused });
        focused = true;
      }
      return;
    }
    toast.success('Profile updated', { description: 'Your changes have been saved.' });
    if (emailChanged) {
      toast.info('Confirm your new email', {
        description: `We sent a confirmation link to ${values.email}. Your email changes once you open it.`,
      });
    }
    const { queryKey } = meQueryOptions();
    // The dashboard's checklist counts the first save.
    void queryClient.invalidateQueries({ queryKey: dashboardQueryKey });
    await queryClient.invalidateQueries({ queryKey });
    const saved = queryClient.getQueryData(queryKey);
    reset(saved ? valuesFrom(saved) : values);
  });

  const pending = pendingEmail && !sameAddress(pendingEmail, me.email) ? pendingEmail : null;
  const zoneGroups = useMemo(() => timeZoneGroups(me.timezone), [me.timezone]);
  const device = browserTimeZone();
  const zoneError = errors.timezone?.message;

  return (
    <Card>
      <UnsavedChangesGuard when={isDirty && !isSubmitting} />
      <form onSubmit={submit} noValidate className="contents" aria-labelledby="profile-heading">
        <CardHeader>
          <CardTitle as="h2" id="profile-heading">
            Profile
          </CardTitle>
          <CardDescription>
            Your name and business, as your team and your invoices show them, your own phone number for test
            calls, and the time zone your business works in.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid items-start gap-5 sm:grid-cols-2">
          {fields.map((field) => {
            const error = errors[field.name]?.message;
            const phoneNote =
              field.name === 'phone' && !error
                ? 'Your own number: the checklist’s test call goes to it. Optional.'
                : undefined;
            const locked = businessLocked && field.name === 'company';
            const note =
              locked && !error ? (
                LOCKED_NOTE
              ) : field.name === 'email' && pending && !error ? (
                <span className="inline-flex items-start gap-1.5 text-warning-soft-foreground">
                  <MailWarningIcon aria-hidden="true" className="mt-px size-4 shrink-0" />
                  <span>
                    Waiting for confirmation of <strong className="font-medium">{pending}</strong>: open the
                    link we sent there to switch.
                  </span>
                </span>
              ) : (
                phoneNote
              );
            return (
              <FormField key={field.id} id={field.id} label={field.label} error={error} description={note}>
                <Input
                  id={field.id}
                  type={field.type}
                  autoComplete={field.autoComplete}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error || note ? fieldMessageId(field.id) : undefined}
                  readOnly={locked}
                  className={locked ? 'bg-muted/50 text-muted-foreground' : undefined}
                  {...register(field.name)}
                />
              </FormField>
            );
          })}
          <FormField
            id="business-timezone"
            label="Time zone"
            error={zoneError}
            className="sm:col-span-2"
            description={
              businessLocked
                ? `Schedule times are entered, and call dates and the dashboard shown, in this zone. ${LOCKED_NOTE}`
                : me.timezone === device
                  ? `Schedule times are entered, and call dates and the dashboard shown, in this zone. Now ${timeZoneLabel(new Date(), me.timezone)}; this device is on it too.`
                  : `Schedule times are entered, and call dates and the dashboard shown, in this zone. This device is on ${timeZoneLabel(new Date(), device)}.`
            }
          >
            {businessLocked ? (
              <Input
                id="business-timezone"
                readOnly
                value={timeZoneLabel(new Date(), me.timezone)}
                className="bg-muted/50 text-muted-foreground sm:max-w-md"
                aria-describedby={fieldMessageId('business-timezone')}
              />
            ) : (
              <NativeSelect
                id="business-timezone"
                aria-invalid={zoneError ? true : undefined}
                aria-describedby={fieldMessageId('business-timezone')}
                className="sm:max-w-md"
                {...register('timezone')}
              >
                {zoneGroups.map((group) => (
                  <optgroup key={group.region} label={group.region}>
                    {group.zones.map((zone) => (
                      <option key={zone.value} value={zone.value}>
                        {zone.value === zone.label ? zone.label : `${zone.label} (${zone.value})`}
                      </option>
                    ))}
                  </optgroup>
                ))}
              </NativeSelect>
            )}
          </FormField>
        </CardContent>
        <SaveCancelFooter
          dirty={isDirty}
          submitting={isSubmitting}
          saveLabel="Save Changes"
          onCancel={() => reset(valuesFrom(me))}
        />
      </form>
    </Card>
  );
}
