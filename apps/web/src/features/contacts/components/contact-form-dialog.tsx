import { formatPhone, normalizePhone, timezoneForPhone } from '@callwise/shared/phone';
import {
  CONSENT_LEVELS,
  type Contact,
  type CreateContactInput,
  createContactInputSchema,
  type UpdateContactInput,
} from '@callwise/shared/schemas/contacts';
import { recipientValues } from '@callwise/shared/variables';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Controller,
  type FieldErrors,
  type FieldPath,
  type UseFormRegister,
  useForm,
  useWatch,
} from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { FormField, fieldMessageId } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import {
  Select,
  SelectContent,
  SelectGroup,
  SelectItem,
  SelectLabel,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select';
import { useCreateContact } from '@/features/contacts/api/create-contact';
import { useContactTags } from '@/features/contacts/api/get-contact-tags';
import { useUpdateContact } from '@/features/contacts/api/update-contact';
import { TagInput } from '@/features/contacts/components/tag-input';
import { CONSENT } from '@/features/contacts/utils/consent';
import {
  TIMEZONE_GROUPS,
  timezoneCity,
  timezoneLabel,
  timezoneOffset,
} from '@/features/contacts/utils/timezones';
import { useReturnFocus } from '@/hooks/use-return-focus';
import { isApiError } from '@/lib/api-error';
import { formatDate } from '@/lib/dates';
import { fieldErrorsOf } from '@/lib/form-errors';

const fields = createContactInputSchema.shape;

/** The contact form: the API's own rules for the four required fields and the tags, plus the form's selects. */
export const contactFormSchema = z.object({
  name: fields.name,
  /** Optional: empty means the first word of the name (and the rest) fill {{first_name}} ({{last_name}}). */
  first_name: z.string().trim().max(100, 'Keep the first name under 100 characters.'),
  last_name: z.string().trim().max(100, 'Keep the last name under 100 characters.'),
  phone: fields.phone,
  email: fields.email,
  company: fields.company,
  tags: fields.tags.unwrap(),
  /** An IANA zone, or FROM_PHONE. */
  timezone: z.string(),
  consent: z.enum(CONSENT_LEVELS),
  consent_source: z.string().trim().max(200),
  existing_customer: z.boolean(),
});
export type ContactFormValues = z.infer<typeof contactFormSchema>;

/** The time zone choice that lets the server work the zone out from the number. */
const FROM_PHONE = 'from-phone';

const PRESET_ZONES = new Set(TIMEZONE_GROUPS.flatMap((group) => group.zones));

function defaultsFor(contact: Contact | null): ContactFormValues {
  if (!contact) {
    return {
      name: '',
      first_name: '',
      last_name: '',
      phone: '',
      email: '',
      company: '',
      tags: [],
      timezone: FROM_PHONE,
      consent: 'none',
      consent_source: '',
      existing_customer: false,
    };
  }
  const derived = timezoneForPhone(contact.phone);
  return {
    name: contact.name,
    first_name: contact.first_name ?? '',
    last_name: contact.last_name ?? '',
    phone: formatPhone(contact.phone),
    email: contact.email,
    company: contact.company,
    tags: contact.tags,
    timezone: !contact.timezone || contact.timezone === derived ? FROM_PHONE : contact.timezone,
    consent: contact.consent,
    consent_source: contact.consent_source ?? '',
    existing_customer: contact.existing_customer,
  };
}

/** The zone the server will derive from what is typed, when the number reads as one (US by default). */
function zoneFromTypedPhone(phone: string): string | undefined {
  const parsed = normalizePhone(phone);
  return parsed.ok ? timezoneForPhone(parsed.e164) : undefined;
}

/** Which form field a server problem is about (`tags.2` is the tags field, `consent_at` the consent). */
function formFieldOf(field: string): FieldPath<ContactFormValues> | undefined {
  const root = field.split('.')[0] ?? '';
  if (root === 'consent_at') return 'consent';
  return root in contactFormSchema.shape ? (root as FieldPath<ContactFormValues>) : undefined;
}

function savedDescription(contact: Contact, derived: boolean): string {
  const zone = contact.timezone
    ? `${timezoneLabel(contact.timezone)}${derived ? ' (from the number)' : ''}`
    : 'time zone unknown';
  return `${contact.name} · ${formatPhone(contact.phone)} · ${zone}`;
}

/**
 * First and last name, both optional: they fill {{first_name}} and {{last_name}} when the name's first word and
 * the rest do not ("Dr. Maria Lopez"). Their placeholders show what is used when they are left empty.
 */
function NameParts({
  name,
  firstName,
  errors,
  register,
}: {
  name: string;
  firstName: string;
  errors: FieldErrors<ContactFormValues>;
  register: UseFormRegister<ContactFormValues>;
}) {
  // What a call says when the field is left empty: the first word of the name, the words after the first name.
  const derived = {
    first: recipientValues({ name }).first_name ?? '',
    last: recipientValues({ name, first_name: firstName }).last_name ?? '',
  };
  const parts = [
    {
      field: 'first_name',
      id: 'contact-first-name',
      label: 'First name',
      variable: '{{first_name}}',
      derived: derived.first,
      empty: 'the first word of the name',
    },
    {
      field: 'last_name',
      id: 'contact-last-name',
      label: 'Last name',
      variable: '{{last_name}}',
      derived: derived.last,
      empty: 'the words after the first name',
    },
  ] as const;
  return (
    <div className="grid items-start gap-4 sm:grid-cols-2">
      {parts.map((part) => {
        const error = errors[part.field]?.message;
        const hint = `Optional, for ${part.variable}. Empty: ${part.derived ? `“${part.derived}”, ` : ''}${part.empty}.`;
        return (
          <FormField
            key={part.id}
            id={part.id}
            label={part.label}
            error={error}
            description={error ? undefined : hint}
          >
            <Input
              id={part.id}
              autoComplete="off"
              placeholder={part.derived}
              aria-invalid={error ? true : undefined}
              aria-describedby={fieldMessageId(part.id)}
              {...register(part.field)}
            />
          </FormField>
        );
      })}
    </div>
  );
}

function ContactForm({ contact, onDone }: { contact: Contact | null; onDone: () => void }) {
  const create = useCreateContact();
  const update = useUpdateContact();
  const tags = useContactTags();
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting, dirtyFields },
  } = useForm<ContactFormValues>({
    resolver: zodResolver(contactFormSchema),
    defaultValues: defaultsFor(contact),
  });
  const [name, firstName, phone, timezone, consent] = useWatch({
    control,
    name: ['name', 'first_name', 'phone', 'timezone', 'consent'],
  });

  const submit = handleSubmit(async (values) => {
    const zone = values.timezone === FROM_PHONE ? null : values.timezone;
    const source = values.consent === 'none' ? undefined : values.consent_source || undefined;
    let saved: Contact;
    try {
      if (contact) {
        const changes: UpdateContactInput = {};
        if (dirtyFields.name) changes.name = values.name;
        if (dirtyFields.first_name) changes.first_name = values.first_name || null;
        if (dirtyFields.last_name) changes.last_name = values.last_name || null;
        if (dirtyFields.phone) changes.phone = values.phone;
        if (dirtyFields.email) changes.email = values.email;
        if (dirtyFields.company) changes.company = values.company;
        if (dirtyFields.tags) changes.tags = values.tags;
        // A new number makes the server work the zone out again, unless a zone is sent with it.
        if (dirtyFields.timezone || (dirtyFields.phone && zone)) changes.timezone = zone;
        if (dirtyFields.consent) changes.consent = values.consent;
        if (dirtyFields.existing_customer) changes.existing_customer = values.existing_customer;
        // With a new consent level the server records the source sent, or "Changed by hand" for none.
        if ((dirtyFields.consent || dirtyFields.consent_source) && values.consent !== 'none') {
          changes.consent_source = values.consent_source || null;
        }
        if (Object.keys(changes).length === 0) {
          onDone();
          return;
        }
        saved = await update.mutateAsync({ id: contact.id, changes });
      } else {
        const input: CreateContactInput = {
          name: values.name,
          ...(values.first_name ? { first_name: values.first_name } : {}),
          ...(values.last_name ? { last_name: values.last_name } : {}),
          phone: values.phone,
          email: values.email,
          company: values.company,
          tags: values.tags,
          consent: values.consent,
          existing_customer: values.existing_customer,
          ...(zone ? { timezone: zone } : {}),
          ...(source ? { consent_source: source } : {}),
        };
        saved = await create.mutateAsync(input);
      }
    } catch (error) {
      // The toast has been shown by the error hook; the problems also go under their fields.
      let focused = false;
      for (const problem of fieldErrorsOf(error)) {
        const name = formFieldOf(problem.field);
        if (!name) continue;
        setError(name, { type: 'server', message: problem.message }, { shouldFocus: !focused });
        focused = true;
      }
      if (isApiError(error) && error.status === 409) {
        setError('phone', { type: 'server', message: error.message }, { shouldFocus: true });
      }
      return;
    }
    toast.success(contact ? 'Contact updated' : 'Contact added', {
      description: savedDescription(saved, zone === null),
    });
    onDone();
  });

  const typedZone = timezone === FROM_PHONE ? zoneFromTypedPhone(phone) : undefined;
  const zoneHint =
    timezone === FROM_PHONE
      ? typedZone
        ? `From the number: ${timezoneLabel(typedZone)}.`
        : 'Worked out from the number when you save.'
      : undefined;
  const consentHint =
    consent !== 'none' && contact?.consent === consent && contact.consent_at
      ? `${CONSENT[consent].explanation} Recorded ${formatDate(contact.consent_at)}${
          contact.consent_recorded_by ? ` by ${contact.consent_recorded_by}` : ''
        }${contact.consent_source ? ` (${contact.consent_source})` : ''}.`
      : CONSENT[consent].explanation;
  const zoneOptions =
    contact?.timezone && !PRESET_ZONES.has(contact.timezone) ? [contact.timezone] : ([] as string[]);

  const text = [
    {
      name: 'name',
      id: 'contact-name',
      label: 'Name',
      type: 'text',
      autoComplete: 'off',
      placeholder: 'Maria Lopez',
    },
    {
      name: 'phone',
      id: 'contact-phone',
      label: 'Phone',
      type: 'tel',
      autoComplete: 'off',
      placeholder: '(202) 555-0105',
    },
    {
      name: 'email',
      id: 'contact-email',
      label: 'Email',
      type: 'email',
      autoComplete: 'off',
      placeholder: 'maria@example.com',
    },
    {
      name: 'company',
      id: 'contact-company',
      label: 'Company',
      type: 'text',
      autoComplete: 'off',
      placeholder: 'Lopez Bakery',
    },
  ] as const;

  return (
    <form
      onSubmit={submit}
      noValidate
      className="grid gap-5"
      aria-label={contact ? 'Edit contact' : 'Add contact'}
    >
      <div className="grid items-start gap-4 sm:grid-cols-2">
        {text.map((field) => {
          const error = errors[field.name]?.message;
          const hint =
            field.name === 'phone' && !error
              ? 'Any format, e.g. (202) 555-0105 or +44 20 7946 0958.'
              : undefined;
          return (
            <FormField key={field.id} id={field.id} label={field.label} error={error} description={hint}>
              <Input
                id={field.id}
                type={field.type}
                autoComplete={field.autoComplete}
                placeholder={field.placeholder}
                aria-required="true"
                aria-invalid={error ? true : undefined}
                aria-describedby={error || hint ? fieldMessageId(field.id) : undefined}
                {...register(field.name)}
              />
            </FormField>
          );
        })}
      </div>

      <NameParts name={name ?? ''} firstName={firstName ?? ''} errors={errors} register={register} />

      <Controller
        control={control}
        name="tags"
        render={({ field, fieldState }) => (
          <FormField
            id="contact-tags"
            label="Tags"
            error={fieldState.error?.message ?? fieldState.error?.root?.message}
            description="Groups to find and call them by, like “vip” or “new patient”."
          >
            <TagInput
              id="contact-tags"
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              suggestions={(tags.data ?? []).map((item) => item.tag)}
              invalid={Boolean(fieldState.error)}
              describedBy={fieldMessageId('contact-tags')}
            />
          </FormField>
        )}
      />

      <div className="grid items-start gap-4 sm:grid-cols-2">
        <Controller
          control={control}
          name="timezone"
          render={({ field, fieldState }) => (
            <FormField
              id="contact-timezone"
              label="Time zone"
              error={fieldState.error?.message}
              description={zoneHint}
            >
              <Select value={field.value} onValueChange={field.onChange}>
                <SelectTrigger
                  id="contact-timezone"
                  ref={field.ref}
                  onBlur={field.onBlur}
                  className="w-full"
                  aria-invalid={fieldState.error ? true : undefined}
                  aria-describedby={
                    fieldState.error || zoneHint ? fieldMessageId('contact-timezone') : undefined
                  }
                >
                  <SelectValue>
                    {field.value === FROM_PHONE
                      ? 'From the phone number'
                      : `${timezoneCity(field.value)} ${timezoneOffset(field.value)}`.trim()}
                  </SelectValue>
                </SelectTrigger>
                <SelectContent className="max-h-72">
                  <SelectItem value={FROM_PHONE}>From the phone number</SelectItem>
                  {TIMEZONE_GROUPS.map((group) => (
                    <SelectGroup key={group.region}>
                      <SelectLabel>{group.region}</SelectLabel>
                      {[...group.zones, ...(group.region === 'Other' ? zoneOptions : [])].map((zone) => (
                        <SelectItem key={zone} value={zone} textValue={timezoneCity(zone)}>
                          {timezoneCity(zone)}
                          <span className="text-muted-foreground">{timezoneOffset(zone)}</span>
                        </SelectItem>
                      ))}
                    </SelectGroup>
                  ))}
                </SelectContent>
              </Select>
            </FormField>
          )}
        />

        <Controller
          control={control}
          name="consent"
          render={({ field, fieldState }) => (
            <FormField
              id="contact-consent"
              label="Consent"
              error={fieldState.error?.message}
              description={consentHint}
            >
              <Select value={field.value} onValueChange={field.onChange}>
                <SelectTrigger
                  id="contact-consent"
                  ref={field.ref}
                  onBlur={field.onBlur}
                  className="w-full"
                  aria-invalid={fieldState.error ? true : undefined}
                  aria-describedby={fieldMessageId('contact-consent')}
                >
                  <SelectValue>{CONSENT[field.value].label}</SelectValue>
                </SelectTrigger>
                <SelectContent className="max-w-[min(24rem,calc(100vw-2rem))]">
                  {CONSENT_LEVELS.map((level) => (
                    <SelectItem
                      key={level}
                      value={level}
                      textValue={CONSENT[level].label}
                      className="items-start"
                    >
                      <span className="grid gap-0.5 whitespace-normal">
                        <span className="font-medium">{CONSENT[level].label}</span>
                        <span className="text-xs text-muted-foreground">{CONSENT[level].explanation}</span>
                      </span>
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </FormField>
          )}
        />
      </div>

      {consent !== 'none' && (
        <FormField
          id="contact-consent-source"
          label="Consent source"
          error={errors.consent_source?.message}
          description={errors.consent_source ? undefined : 'How and where they agreed.'}
        >
          <Input
            id="contact-consent-source"
            autoComplete="off"
            placeholder="Signed form at the front desk"
            aria-invalid={errors.consent_source ? true : undefined}
            aria-describedby={fieldMessageId('contact-consent-source')}
            {...register('consent_source')}
          />
        </FormField>
      )}

      <Controller
        control={control}
        name="existing_customer"
        render={({ field }) => (
          <div className="flex items-start gap-2.5">
            <Checkbox
              id="contact-existing-customer"
              className="mt-0.5"
              checked={field.value}
              onCheckedChange={(checked) => field.onChange(checked === true)}
              onBlur={field.onBlur}
              ref={field.ref}
              aria-describedby="contact-existing-customer-hint"
            />
            <div className="grid gap-1">
              <Label htmlFor="contact-existing-customer" className="leading-snug">
                Existing customer
              </Label>
              <p id="contact-existing-customer-hint" className="text-sm text-muted-foreground">
                Reminders and confirmations may go to an existing customer without recorded consent.
                Promotional calls always need marketing consent.
              </p>
            </div>
          </div>
        )}
      />

      <DialogFooter>
        <DialogClose asChild>
          <Button variant="outline" disabled={isSubmitting}>
            Cancel
          </Button>
        </DialogClose>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Saving...' : contact ? 'Save Changes' : 'Add Contact'}
        </Button>
      </DialogFooter>
    </form>
  );
}

/** Add a contact (empty form) or edit one (prefilled); closes once the server has saved it. */
export function ContactFormDialog({
  open,
  contact,
  onOpenChange,
}: {
  open: boolean;
  /** The contact to edit; null to add one. */
  contact: Contact | null;
  onOpenChange: (open: boolean) => void;
}) {
  const focus = useReturnFocus();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-xl" {...focus}>
        <DialogHeader>
          <DialogTitle>{contact ? 'Edit Contact' : 'Add Contact'}</DialogTitle>
          <DialogDescription>
            {contact ? `Change ${contact.name}'s details.` : 'Name, phone, email and company are required.'}
          </DialogDescription>
        </DialogHeader>
        <ContactForm key={contact?.id ?? 'new'} contact={contact} onDone={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}
