import {
  type CalendarConnectionKind,
  createCalendarConnectionInputSchema,
} from '@callwise/shared/schemas/calendar-connections';
import { CircleAlertIcon, CircleCheckIcon, ExternalLinkIcon, LoaderCircleIcon } from 'lucide-react';
import { type FormEvent, type RefObject, useEffect, useRef, useState } from 'react';
import { CodeBlock } from '@/components/code-block';
import { SyncSummary, syncSummaryText } from '@/components/sync-summary';
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
import { Label } from '@/components/ui/label';
import { RadioGroup, RadioGroupItem } from '@/components/ui/radio-group';
import {
  type CreatedConnection,
  useConnectGoogleCalendar,
  useCreateCalendarConnection,
} from '@/features/settings/api/calendar-connections';
import {
  StaffSelect,
  sentenceOf,
  useStaffNames,
} from '@/features/settings/components/calendar-connection-parts';
import { useReturnFocus } from '@/hooks/use-return-focus';
import { errorMessage } from '@/lib/errors';
import { fieldErrorsOf } from '@/lib/form-errors';

type Field = 'name' | 'url' | 'api_key' | 'staff';

const KINDS: ReadonlyArray<{ value: CalendarConnectionKind; label: string; hint: string }> = [
  {
    value: 'ics',
    label: 'ICS subscription',
    hint: 'A calendar’s address (Outlook, Apple, Google): read now and every 15 minutes.',
  },
  {
    value: 'calcom',
    label: 'Cal.com',
    hint: 'Cal.com sends each booking, move and cancellation as it happens.',
  },
  {
    value: 'google',
    label: 'Google Calendar',
    hint: 'Sign in with Google and allow access: read now and kept in step.',
  },
];

const GOOGLE_UNAVAILABLE_HINT = 'Google Calendar is not set up on this server.';

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
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState<string>();
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

  const showErrors = (problems: Partial<Record<Field, string>>) => {
    setErrors(problems);
    const first = (['name', 'url', 'api_key', 'staff'] as const).find((field) => problems[field]);
    if (first) document.getElementById(`add-calendar-${first}`)?.focus();
  };

  const refused = (error: unknown) => {
    const problems: Partial<Record<Field, string>> = {};
    for (const problem of fieldErrorsOf(error)) {
      if (['name', 'url', 'api_key', 'staff'].includes(problem.field))
        problems[problem.field as Field] ??= sentenceOf(problem.field, problem.message);
    }
    if (Object.keys(problems).length > 0) showErrors(problems);
    else setFormError(errorMessage(error));
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

  const field = (id: Field) => ({
    id: `add-calendar-${id}`,
    'aria-invalid': errors[id] ? true : undefined,
    'aria-describedby': fieldMessageId(`add-calendar-${id}`),
  });

  return (
    <Dialog open={open} onOpenChange={changeOpen}>
      <DialogContent className={created?.kind === 'calcom' ? 'sm:max-w-2xl' : 'sm:max-w-lg'} {...focus}>
        <DialogHeader>
          <DialogTitle>{created ? `“${created.name}” added` : 'Add a calendar'}</DialogTitle>
          <DialogDescription>
            {created
              ? created.kind === 'ics'
                ? 'We read it now and every 15 minutes, from a day ago to 90 days ahead.'
                : 'One more step in Cal.com: give it this webhook.'
              : kind === 'google'
                ? 'You sign in with Google and allow read access; you come back here once it is connected.'
                : 'Its events become appointments here; we keep them in step with the calendar.'}
          </DialogDescription>
        </DialogHeader>

        {created ? (
          <AddedCalendar created={created} headingRef={resultHeading} />
        ) : (
          <form id="add-calendar-form" onSubmit={submit} noValidate className="grid min-w-0 gap-5">
            <div className="grid gap-3">
              <p id="add-calendar-kind" className="text-sm font-medium">
                Kind of calendar
              </p>
              <RadioGroup
                aria-labelledby="add-calendar-kind"
                value={kind}
                onValueChange={(value) => {
                  setKind(value as CalendarConnectionKind);
                  setErrors({});
                  setFormError(undefined);
                }}
              >
                {KINDS.map((option) => {
                  const unavailable = option.value === 'google' && googleAvailable !== true;
                  return (
                    <div key={option.value} className="flex items-start gap-3">
                      <RadioGroupItem
                        id={`add-calendar-kind-${option.value}`}
                        value={option.value}
                        disabled={unavailable}
                        aria-describedby={`add-calendar-kind-${option.value}-hint`}
                        className="mt-0.5"
                      />
                      <div className="grid min-w-0 gap-1">
                        <Label
                          htmlFor={`add-calendar-kind-${option.value}`}
                          className={unavailable ? 'text-muted-foreground' : undefined}
                        >
                          {option.label}
                        </Label>
                        <p
                          id={`add-calendar-kind-${option.value}-hint`}
                          className="text-xs text-muted-foreground"
                          data-testid={`add-calendar-kind-${option.value}-hint`}
                        >
                          {unavailable && googleAvailable === false ? (
                            <span className="flex items-start gap-1.5">
                              <CircleAlertIcon aria-hidden="true" className="mt-px size-3.5 shrink-0" />
                              {GOOGLE_UNAVAILABLE_HINT}
                            </span>
                          ) : (
                            option.hint
                          )}
                        </p>
                      </div>
                    </div>
                  );
                })}
              </RadioGroup>
            </div>
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
            {formError && (
              <p role="alert" className="flex items-start gap-2 text-sm text-destructive">
                <CircleAlertIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
                {formError}
              </p>
            )}
          </form>
        )}

        <DialogFooter>
          {created ? (
            <Button onClick={() => changeOpen(false)}>Done</Button>
          ) : (
            <>
              <Button variant="outline" onClick={() => changeOpen(false)} disabled={busy}>
                Cancel
              </Button>
              {kind === 'google' ? (
                <Button
                  type="submit"
                  form="add-calendar-form"
                  disabled={busy || googleAvailable !== true}
                  aria-busy={busy || undefined}
                >
                  {busy ? (
                    <LoaderCircleIcon aria-hidden="true" className="animate-spin" />
                  ) : (
                    <ExternalLinkIcon aria-hidden="true" />
                  )}
                  {busy ? 'Opening Google...' : 'Continue to Google'}
                </Button>
              ) : (
                <Button type="submit" form="add-calendar-form" disabled={busy}>
                  {create.isPending
                    ? kind === 'ics'
                      ? 'Adding and reading...'
                      : 'Adding...'
                    : 'Add Calendar'}
                </Button>
              )}
            </>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/** After adding: the first read of an ICS subscription, or Cal.com's webhook URL and secret (this once). */
function AddedCalendar({
  created,
  headingRef,
}: {
  created: CreatedConnection;
  headingRef: RefObject<HTMLParagraphElement | null>;
}) {
  if (created.kind === 'ics') {
    return created.sync ? (
      <div className="grid gap-4">
        <p
          ref={headingRef}
          tabIndex={-1}
          role="status"
          className="flex items-start gap-2 text-sm font-medium outline-none"
        >
          <CircleCheckIcon
            aria-hidden="true"
            className="mt-0.5 size-4 shrink-0 text-success-soft-foreground"
          />
          First sync: {syncSummaryText(created.sync)}.
        </p>
        <SyncSummary sync={created.sync} />
      </div>
    ) : (
      <div
        ref={headingRef}
        tabIndex={-1}
        role="alert"
        className="grid gap-1 rounded-lg border border-destructive/30 bg-destructive-soft/40 p-4 text-sm outline-none"
      >
        <p className="flex items-start gap-2 font-medium text-destructive">
          <CircleAlertIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          The calendar could not be read yet.
        </p>
        <p className="break-words">{created.last_error ?? 'Its address did not answer.'}</p>
        <p className="text-muted-foreground">
          It stays in your list and we try again every 15 minutes. Check the address, or remove it and add it
          again.
        </p>
      </div>
    );
  }
  return (
    <div className="grid min-w-0 gap-4">
      <p ref={headingRef} tabIndex={-1} className="text-sm outline-none">
        Copy the signing secret now: for your security it will not be shown again.
      </p>
      <ol className="grid list-decimal gap-1 pl-5 text-sm text-muted-foreground">
        <li>
          In Cal.com, open{' '}
          <span className="font-medium text-foreground">Settings → Developer → Webhooks</span> and add a
          webhook.
        </li>
        <li>Paste the webhook URL as its subscriber URL and the secret as its secret.</li>
        <li>
          Choose the triggers <span className="font-medium text-foreground">Booking created</span>,{' '}
          <span className="font-medium text-foreground">Booking rescheduled</span> and{' '}
          <span className="font-medium text-foreground">Booking cancelled</span>.
        </li>
      </ol>
      {created.webhook_url && <CodeBlock label="Webhook URL" code={created.webhook_url} />}
      {created.secret && <CodeBlock label="Signing secret" code={created.secret} />}
    </div>
  );
}
