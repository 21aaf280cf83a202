import {
  type CalendarConnectionKind,
  createCalendarConnectionInputSchema,
} from '@callwise/shared/schemas/calendar-connections';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import {
  type CreatedConnection,
  useConnectGoogleCalendar,
  useCreateCalendarConnection,
} from '@/features/settings/api/calendar-connections';
import {
  AddCalendarActions,
  addCalendarDescription,
  CalendarKindOptions,
} from '@/features/settings/components/add-calendar-parts';
import { AddedCalendar } from '@/features/settings/components/added-calendar';
import {
  FormError,
  StaffSelect,
  useStaffNames,
} from '@/features/settings/components/calendar-connection-parts';
import { useConnectionErrors } from '@/features/settings/hooks/use-connection-errors';
import { useReturnFocus } from '@/hooks/use-return-focus';

type Field = 'name' | 'url' | 'api_key' | 'staff';
const FIELDS: readonly Field[] = ['name', 'url', 'api_key', 'staff'];

/**
 * Adds a calendar: a Google calendar (the browser goes to Google's consent page, and comes back to Settings →
 * Booking), an ICS subscription (read at once: what that did, or why it could not be read) or a Cal.com
 * webhook (its URL and signing secret, shown this once, with where to paste them).
 */
export function AddCalendarDialog({
  open,
  onOpenChange,
  googleAvailable,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Whether this server can connect Google calendars (undefined while the list loads). */
  googleAvailable: boolean | undefined;
}) {
  const create = useCreateCalendarConnection();
  const connectGoogle = useConnectGoogleCalendar();
  /** After Google's address came back, until the browser has left for it. */
  const [leaving, setLeaving] = useState(false);
  const busy = create.isPending || connectGoogle.isPending || leaving;
  const staffNames = useStaffNames();
  const focus = useReturnFocus();
  const [kind, setKind] = useState<CalendarConnectionKind>('ics');
  const [name, setName] = useState('');
  const [url, setUrl] = useState('');
  const [apiKey, setApiKey] = useState('');
  const [staff, setStaff] = useState('');
  const { errors, setErrors, formError, setFormError, showErrors, refused, field } = useConnectionErrors(
    'add-calendar',
    FIELDS,
  );
  const [created, setCreated] = useState<CreatedConnection | null>(null);
  const resultHeading = useRef<HTMLParagraphElement>(null);

  // Back from Google's page with the browser's Back button (the page restored as it was left): usable again.
  useEffect(() => {
    const restored = (event: PageTransitionEvent) => {
      if (event.persisted) setLeaving(false);
    };
    window.addEventListener('pageshow', restored);
    return () => window.removeEventListener('pageshow', restored);
  }, []);

  // The form gives way to the result: its first line takes the focus, so it is heard.
  useEffect(() => {
    if (created) resultHeading.current?.focus();
  }, [created]);

  const reset = () => {
    setKind('ics');
    setLeaving(false);
    connectGoogle.reset();
    setName('');
    setUrl('');
    setApiKey('');
    setStaff('');
    setErrors({});
    setFormError(undefined);
    setCreated(null);
    create.reset();
  };

  const changeOpen = (next: boolean) => {
    if (!next && busy) return;
    onOpenChange(next);
    if (!next) reset();
  };

  /** Google: asks for its consent page, then the browser goes there (and comes back to Settings → Booking). */
  const continueToGoogle = () => {
    const trimmed = name.trim();
    if (trimmed.length > 100) {
      showErrors({ name: 'The name must be at most 100 characters.' });
      return;
    }
    setErrors({});
    connectGoogle.mutate(
      { ...(trimmed ? { name: trimmed } : {}), ...(staff ? { staff } : {}) },
      {
        onSuccess: ({ authorization_url }) => {
          setLeaving(true);
          window.location.assign(authorization_url);
        },
        onError: refused,
      },
    );
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFormError(undefined);
    if (kind === 'google') {
      continueToGoogle();
      return;
    }
    const parsed = createCalendarConnectionInputSchema.safeParse(
      kind === 'ics' ? { kind, name, url } : { kind, name, ...(apiKey.trim() ? { api_key: apiKey } : {}) },
    );
    if (!parsed.success) {
      const problems: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as Field;
        problems[field] ??= issue.message;
      }
      showErrors(problems);
      return;
    }
    setErrors({});
    create.mutate(
      { ...parsed.data, ...(staff ? { staff } : {}) },
      {
        onSuccess: setCreated,
        onError: refused,
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={changeOpen}>
      <DialogContent className={created?.kind === 'calcom' ? 'sm:max-w-2xl' : 'sm:max-w-lg'} {...focus}>
        <DialogHeader>
          <DialogTitle>{created ? `“${created.name}” added` : 'Add a calendar'}</DialogTitle>
          <DialogDescription>{addCalendarDescription(created, kind)}</DialogDescription>
        </DialogHeader>

        {created ? (
          <AddedCalendar created={created} headingRef={resultHeading} />
        ) : (
          <form id="add-calendar-form" onSubmit={submit} noValidate className="grid min-w-0 gap-5">
            <CalendarKindOptions
              value={kind}
              onChange={(value) => {
                setKind(value);
                setErrors({});
                setFormError(undefined);
              }}
              googleAvailable={googleAvailable}
            />
            <FormField
              id="add-calendar-name"
              label={kind === 'google' ? 'Name (optional)' : 'Name'}
              error={errors.name}
              description={kind === 'google' ? 'Left empty: the Google calendar’s own name.' : undefined}
            >
              <Input
                {...field('name')}
                value={name}
                maxLength={100}
                autoComplete="off"
                placeholder={
                  kind === 'ics'
                    ? 'e.g. Front desk calendar'
                    : kind === 'google'
                      ? 'e.g. Dana’s Google Calendar'
                      : 'e.g. Cal.com bookings'
                }
                onChange={(event) => setName(event.target.value)}
              />
            </FormField>
            {kind === 'google' ? null : kind === 'ics' ? (
              <FormField
                id="add-calendar-url"
                label="Calendar address"
                error={errors.url}
                description="The calendar’s secret address in iCal format (https:// or webcal://)."
              >
                <Input
                  {...field('url')}
                  value={url}
                  type="url"
                  inputMode="url"
                  maxLength={2000}
                  autoComplete="off"
                  spellCheck={false}
                  placeholder="https://calendar.example.com/basic.ics"
                  onChange={(event) => setUrl(event.target.value)}
                />
              </FormField>
            ) : (
              <FormField
                id="add-calendar-api_key"
                label="Cal.com API key (optional)"
                error={errors.api_key}
                description="Stored to write changes back to Cal.com later; never shown again."
              >
                <Input
                  {...field('api_key')}
                  value={apiKey}
                  maxLength={500}
                  autoComplete="off"
                  spellCheck={false}
                  placeholder="cal_live_…"
                  onChange={(event) => setApiKey(event.target.value)}
                />
              </FormField>
            )}
            <StaffSelect
              id="add-calendar-staff"
              value={staff}
              onChange={setStaff}
              names={staffNames}
              error={errors.staff}
            />
            <FormError message={formError} />
          </form>
        )}

        <AddCalendarActions
          added={created !== null}
          kind={kind}
          busy={busy}
          adding={create.isPending}
          googleAvailable={googleAvailable}
          onClose={() => changeOpen(false)}
        />
      </DialogContent>
    </Dialog>
  );
}
