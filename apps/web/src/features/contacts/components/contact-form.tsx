import type { Contact } from '@callwise/shared/schemas/contacts';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import { fieldAria } from '@/components/form-parts/field-aria';
import { Button } from '@/components/ui/button';
import { DialogClose, DialogFooter } from '@/components/ui/dialog';
import { FormField, fieldMessageId } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { useCreateContact } from '@/features/contacts/api/create-contact';
import { useContactTags } from '@/features/contacts/api/get-contact-tags';
import { useUpdateContact } from '@/features/contacts/api/update-contact';
import { ContactNameParts } from '@/features/contacts/components/contact-name-parts';
import { ContactZoneConsent } from '@/features/contacts/components/contact-zone-consent';
import { TagInput } from '@/features/contacts/components/tag-input';
import {
  type ContactFormValues,
  contactFieldOf,
  contactFormDefaults,
  contactFormSchema,
  FROM_PHONE,
  savedDescription,
  toCreateContactInput,
  toUpdateContactInput,
} from '@/features/contacts/utils/contact-form';
import { isApiError } from '@/lib/api-error';
import { placeFieldErrors } from '@/lib/place-field-errors';

const TEXT_FIELDS = [
  { name: 'name', id: 'contact-name', label: 'Name', type: 'text', placeholder: 'Maria Lopez' },
  { name: 'phone', id: 'contact-phone', label: 'Phone', type: 'tel', placeholder: '(202) 555-0105' },
  { name: 'email', id: 'contact-email', label: 'Email', type: 'email', placeholder: 'maria@example.com' },
  { name: 'company', id: 'contact-company', label: 'Company', type: 'text', placeholder: 'Lopez Bakery' },
] as const;

/** The contact's details; saves a new contact, or only what was changed of one, and then calls `onDone`. */
export function ContactForm({ contact, onDone }: { contact: Contact | null; onDone: () => void }) {
  const create = useCreateContact();
  const update = useUpdateContact();
  const tags = useContactTags();
  const form = useForm<ContactFormValues>({
    resolver: zodResolver(contactFormSchema),
    defaultValues: contactFormDefaults(contact),
  });
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting, dirtyFields },
  } = form;
  const [name, firstName, phone, timezone, consent] = useWatch({
    control,
    name: ['name', 'first_name', 'phone', 'timezone', 'consent'],
  });

  const submit = handleSubmit(async (values) => {
    let saved: Contact;
    try {
      if (contact) {
        const changes = toUpdateContactInput(values, dirtyFields);
        if (Object.keys(changes).length === 0) {
          onDone();
          return;
        }
        saved = await update.mutateAsync({ id: contact.id, changes });
      } else {
        saved = await create.mutateAsync(toCreateContactInput(values));
      }
    } catch (error) {
      // The toast has been shown by the error hook; the problems also go under their fields.
      placeFieldErrors(error, contactFieldOf, setError);
      if (isApiError(error) && error.status === 409) {
        setError('phone', { type: 'server', message: error.message }, { shouldFocus: true });
      }
      return;
    }
    toast.success(contact ? 'Contact updated' : 'Contact added', {
      description: savedDescription(saved, values.timezone === FROM_PHONE),
    });
    onDone();
  });

  return (
    <form
      onSubmit={submit}
      noValidate
      className="grid gap-5"
      aria-label={contact ? 'Edit contact' : 'Add contact'}
    >
      <div className="grid items-start gap-4 sm:grid-cols-2">
        {TEXT_FIELDS.map((field) => {
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
                autoComplete="off"
                placeholder={field.placeholder}
                aria-required="true"
                {...fieldAria(field.id, error, Boolean(hint))}
                {...register(field.name)}
              />
            </FormField>
          );
        })}
      </div>

      <ContactNameParts name={name ?? ''} firstName={firstName ?? ''} errors={errors} register={register} />

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

      <ContactZoneConsent form={form} contact={contact} phone={phone} timezone={timezone} consent={consent} />

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
