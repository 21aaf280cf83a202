import type { CalendarConnectionKind } from '@callwise/shared/schemas/calendar-connections';
import { CircleAlertIcon, ExternalLinkIcon, LoaderCircleIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { DialogFooter } from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { RadioGroup, RadioGroupItem } from '@/components/ui/radio-group';
import type { CreatedConnection } from '@/features/settings/api/calendar-connections';

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

/** What the dialog says under its title: what adding this kind does, or what comes next once added. */
export function addCalendarDescription(
  created: CreatedConnection | null,
  kind: CalendarConnectionKind,
): string {
  if (created)
    return created.kind === 'ics'
      ? 'We read it now and every 15 minutes, from a day ago to 90 days ahead.'
      : 'One more step in Cal.com: give it this webhook.';
  return kind === 'google'
    ? 'You sign in with Google and allow read access; you come back here once it is connected.'
    : 'Its events become appointments here; we keep them in step with the calendar.';
}

/** The kinds of calendar that can be added, each with what it does; Google's is off where the server lacks it. */
export function CalendarKindOptions({
  value,
  onChange,
  googleAvailable,
}: {
  value: CalendarConnectionKind;
  onChange: (kind: CalendarConnectionKind) => void;
  googleAvailable: boolean | undefined;
}) {
  return (
    <div className="grid gap-3">
      <p id="add-calendar-kind" className="text-sm font-medium">
        Kind of calendar
      </p>
      <RadioGroup
        aria-labelledby="add-calendar-kind"
        value={value}
        onValueChange={(next) => onChange(next as CalendarConnectionKind)}
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
  );
}

/** Done once added; else Cancel, and Add Calendar (Continue to Google for a Google calendar). */
export function AddCalendarActions({
  added,
  kind,
  busy,
  adding,
  googleAvailable,
  onClose,
}: {
  added: boolean;
  kind: CalendarConnectionKind;
  /** Adding, asking Google, or leaving for Google's page. */
  busy: boolean;
  /** Adding a calendar (an ICS one is read at once). */
  adding: boolean;
  googleAvailable: boolean | undefined;
  onClose: () => void;
}) {
  return (
    <DialogFooter>
      {added ? (
        <Button onClick={() => onClose()}>Done</Button>
      ) : (
        <>
          <Button variant="outline" onClick={() => onClose()} disabled={busy}>
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
              {adding ? (kind === 'ics' ? 'Adding and reading...' : 'Adding...') : 'Add Calendar'}
            </Button>
          )}
        </>
      )}
    </DialogFooter>
  );
}
