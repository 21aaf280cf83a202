import { CONSENT_LEVELS, type Contact } from '@callwise/shared/schemas/contacts';
import type { UseFormReturn } from 'react-hook-form';
import { fieldAria } from '@/components/form-parts/field-aria';
import { FormCheckbox } from '@/components/form-parts/form-checkbox';
import { SelectField } from '@/components/form-parts/select-field';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { SelectContent, SelectGroup, SelectItem, SelectLabel } from '@/components/ui/select';
import { CONSENT } from '@/features/contacts/utils/consent';
import {
  type ContactFormValues,
  FROM_PHONE,
  zoneFromTypedPhone,
} from '@/features/contacts/utils/contact-form';
import {
  TIMEZONE_GROUPS,
  timezoneCity,
  timezoneLabel,
  timezoneOffset,
} from '@/features/contacts/utils/timezones';
import { formatDate } from '@/lib/dates';

const PRESET_ZONES = new Set(TIMEZONE_GROUPS.flatMap((group) => group.zones));

/**
 * The contact's time zone (from the number, or chosen), consent (with when and by whom it was recorded, and its
 * source) and whether they are an existing customer.
 */
export function ContactZoneConsent({
  form,
  contact,
  phone,
  timezone,
  consent,
}: {
  form: UseFormReturn<ContactFormValues>;
  /** The contact being edited; null when adding one. */
  contact: Contact | null;
  phone: string;
  timezone: string;
  consent: ContactFormValues['consent'];
}) {
  const {
    register,
    control,
    formState: { errors },
  } = form;
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

  return (
    <>
      <div className="grid items-start gap-4 sm:grid-cols-2">
        <SelectField
          control={control}
          name="timezone"
          id="contact-timezone"
          label="Time zone"
          description={zoneHint}
          described={Boolean(zoneHint)}
          display={(value) =>
            value === FROM_PHONE
              ? 'From the phone number'
              : `${timezoneCity(value)} ${timezoneOffset(value)}`.trim()
          }
        >
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
        </SelectField>

        <SelectField
          control={control}
          name="consent"
          id="contact-consent"
          label="Consent"
          description={consentHint}
          described
          display={(value) => CONSENT[value as ContactFormValues['consent']].label}
        >
          <SelectContent className="max-w-[min(24rem,calc(100vw-2rem))]">
            {CONSENT_LEVELS.map((level) => (
              <SelectItem key={level} value={level} textValue={CONSENT[level].label} className="items-start">
                <span className="grid gap-0.5 whitespace-normal">
                  <span className="font-medium">{CONSENT[level].label}</span>
                  <span className="text-xs text-muted-foreground">{CONSENT[level].explanation}</span>
                </span>
              </SelectItem>
            ))}
          </SelectContent>
        </SelectField>
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
            {...fieldAria('contact-consent-source', errors.consent_source?.message, true)}
            {...register('consent_source')}
          />
        </FormField>
      )}

      <div className="flex items-start gap-2.5">
        <FormCheckbox
          control={control}
          name="existing_customer"
          id="contact-existing-customer"
          className="mt-0.5"
          aria-describedby="contact-existing-customer-hint"
        />
        <div className="grid gap-1">
          <Label htmlFor="contact-existing-customer" className="leading-snug">
            Existing customer
          </Label>
          <p id="contact-existing-customer-hint" className="text-sm text-muted-foreground">
            Reminders and confirmations may go to an existing customer without recorded consent. Promotional
            calls always need marketing consent.
          </p>
        </div>
      </div>
    </>
  );
}
