import { OPT_OUT_OFFER, renderDisclosure } from '@callwise/shared/calling-rules';
import { describeHours, JURISDICTIONS } from '@callwise/shared/jurisdictions';
import {
  type CallingRules,
  type CallingRulesInput,
  callingRulesInputSchema,
  DAILY_CALL_CAP_MAX,
  DAILY_CALL_CAP_MIN,
  DISCLOSURE_MAX_LENGTH,
} from '@callwise/shared/schemas/calling-rules';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  CalendarClockIcon,
  ClockIcon,
  type LucideIcon,
  MegaphoneIcon,
  RepeatIcon,
  RotateCwIcon,
  ScaleIcon,
  ShieldCheckIcon,
  Volume2Icon,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField, fieldMessageId } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Separator } from '@/components/ui/separator';
import { Skeleton } from '@/components/ui/skeleton';
import { Textarea } from '@/components/ui/textarea';
import { UnsavedChangesGuard } from '@/components/unsaved-changes-guard';
import { useUpdateCallingRules } from '@/features/settings/api/update-calling-rules';
import { useCallingRules } from '@/lib/calling-rules';
import { errorMessage } from '@/lib/errors';
import { fieldErrorsOf } from '@/lib/form-errors';

const FIELDS = ['calling_window_start', 'calling_window_end', 'daily_call_cap', 'disclosure'] as const;

const valuesFrom = (rules: CallingRules): CallingRulesInput => ({
  calling_window_start: rules.calling_window_start,
  calling_window_end: rules.calling_window_end,
  daily_call_cap: rules.daily_call_cap,
  disclosure: rules.disclosure,
});

/** "08:00" as the person's clock shows it ("8:00 AM"); the text itself when it is not a time. */
function clock(time: string): string {
  const match = /^(\d{2}):(\d{2})$/.exec(time);
  if (!match) return time;
  return new Intl.DateTimeFormat(undefined, { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' }).format(
    new Date(Date.UTC(2000, 0, 1, Number(match[1]), Number(match[2]))),
  );
}

/** One rule: its icon, its name and the sentence that explains it, then what can be changed about it. */
function Rule({
  icon: Icon,
  title,
  titleId,
  explanation,
  children,
}: {
  icon: LucideIcon;
  title: string;
  titleId: string;
  explanation: ReactNode;
  children?: ReactNode;
}) {
  return (
    <section aria-labelledby={titleId} className="grid gap-3 sm:grid-cols-[auto_1fr] sm:gap-x-4">
      <span className="hidden size-9 items-center justify-center rounded-full bg-primary-soft text-primary-soft-foreground sm:flex">
        <Icon aria-hidden="true" className="size-4" />
      </span>
      <div className="grid min-w-0 gap-3">
        <div className="grid gap-1">
          <h3 id={titleId} className="text-sm font-semibold">
            {title}
          </h3>
          <p className="text-sm text-muted-foreground">{explanation}</p>
        </div>
        {children}
      </div>
    </section>
  );
}

/** The state rules (`JURISDICTIONS`): state, hours, limit and the law, one line each. */
function StateRules() {
  return (
    <ul className="grid gap-2" aria-label="State rules" data-testid="state-rules">
      {JURISDICTIONS.map((state) => (
        <li key={state.id} className="grid gap-0.5 rounded-lg border p-3 text-sm">
          <span className="font-medium">
            {state.state} <span className="text-muted-foreground">({state.id})</span>
          </span>
          <span className="text-muted-foreground">
            {describeHours(state.window)} in the recipient’s time
            {state.maxPer24h !== undefined &&
              ` · at most ${state.maxPer24h} per person in 24 hours on the same subject`}
          </span>
          <a
            href={state.source.url}
            target="_blank"
            rel="noreferrer"
            className="w-fit text-[0.8125rem] break-words text-primary underline underline-offset-2"
          >
            {state.source.title}
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
        </li>
      ))}
    </ul>
  );
}

function CallingRulesSkeleton() {
  return (
    <CardContent className="grid gap-6" role="status" aria-label="Loading calling rules">
      {['window', 'cap', 'disclosure'].map((key) => (
        <div key={key} className="grid gap-3">
          <Skeleton className="h-4 w-36" />
          <Skeleton className="h-4 w-full max-w-md" />
          <Skeleton className="h-9 w-full max-w-sm" />
        </div>
      ))}
    </CardContent>
  );
}

function CallingRulesForm({ rules }: { rules: CallingRules }) {
  const update = useUpdateCallingRules();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    watch,
    formState: { errors, isDirty, isSubmitting },
  } = useForm<CallingRulesInput>({
    resolver: zodResolver(callingRulesInputSchema),
    defaultValues: valuesFrom(rules),
  });

  const submit = handleSubmit(async (values) => {
    try {
      const saved = await update.mutateAsync(values);
      reset(valuesFrom(saved));
      toast.success('Calling rules saved', { description: 'Calls placed from now on follow the new rules.' });
    } catch (error) {
      const problems = fieldErrorsOf(error).filter((problem) =>
        (FIELDS as readonly string[]).includes(problem.field),
      );
      for (const problem of problems) {
        setError(problem.field as (typeof FIELDS)[number], { message: problem.message });
      }
      if (problems.length === 0)
        toast.error('Error saving calling rules', { description: errorMessage(error) });
    }
  });

  const start = watch('calling_window_start');
  const end = watch('calling_window_end');
  const cap = watch('daily_call_cap');
  const disclosure = watch('disclosure') ?? '';
  const capText = Number.isInteger(cap) && cap > 0 ? cap : rules.daily_call_cap;

  return (
    <form onSubmit={submit} noValidate className="contents" aria-labelledby="calling-rules-heading">
      <UnsavedChangesGuard when={isDirty && !isSubmitting} />
      <CardContent className="grid gap-6">
        <Rule
          icon={ClockIcon}
          title="Calling window"
          titleId="rule-window"
          explanation={
            <>
              Calls go out only between {clock(start)} and {clock(end)} in the recipient’s local time; a call
              due outside the window waits for the next opening.
            </>
          }
        >
          <fieldset className="grid max-w-md grid-cols-2 gap-3">
            <legend className="sr-only">Calling window, recipient’s local time</legend>
            <FormField id="window-start" label="From" error={errors.calling_window_start?.message}>
              <Input
                id="window-start"
                type="time"
                step={60}
                min="08:00"
                max="21:00"
                aria-invalid={errors.calling_window_start ? true : undefined}
                aria-describedby={
                  errors.calling_window_start ? fieldMessageId('window-start') : 'window-hint'
                }
                {...register('calling_window_start')}
              />
            </FormField>
            <FormField id="window-end" label="Until" error={errors.calling_window_end?.message}>
              <Input
                id="window-end"
                type="time"
                step={60}
                min="08:00"
                max="21:00"
                aria-invalid={errors.calling_window_end ? true : undefined}
                aria-describedby={errors.calling_window_end ? fieldMessageId('window-end') : 'window-hint'}
                {...register('calling_window_end')}
              />
            </FormField>
            <p id="window-hint" className="col-span-2 text-[0.8125rem] text-muted-foreground">
              You can narrow the window, not widen it past 8:00 AM–9:00 PM.
            </p>
          </fieldset>
        </Rule>

        <Separator />

        <Rule
          icon={CalendarClockIcon}
          title="Calls per contact per day"
          titleId="rule-cap"
          explanation={`Each person gets at most ${capText} ${capText === 1 ? 'call' : 'calls'} a day, counting calls from the app, the API and campaigns.`}
        >
          <FormField
            id="daily-cap"
            label="Most calls per day"
            error={errors.daily_call_cap?.message}
            description={`From ${DAILY_CALL_CAP_MIN} to ${DAILY_CALL_CAP_MAX}.`}
            className="max-w-52"
          >
            <Input
              id="daily-cap"
              type="number"
              inputMode="numeric"
              min={DAILY_CALL_CAP_MIN}
              max={DAILY_CALL_CAP_MAX}
              step={1}
              aria-invalid={errors.daily_call_cap ? true : undefined}
              aria-describedby={fieldMessageId('daily-cap')}
              {...register('daily_call_cap', { valueAsNumber: true })}
            />
          </FormField>
        </Rule>

        <Separator />

        <Rule
          icon={ShieldCheckIcon}
          title="Disclosure and opt-out"
          titleId="rule-disclosure"
          explanation="Every call opens with this disclosure and offers 9 to opt out; whoever presses 9 goes on your do-not-call list at once."
        >
          <FormField
            id="disclosure"
            label="Disclosure"
            error={errors.disclosure?.message}
            description={
              <>
                Change the wording as you like; keep <code className="font-mono">{'{{business_name}}'}</code>,
                which says your business’s name.
              </>
            }
            labelAside={
              <span className="text-xs text-muted-foreground tabular-nums" aria-hidden="true">
                {disclosure.trim().length}/{DISCLOSURE_MAX_LENGTH}
              </span>
            }
          >
            <Textarea
              id="disclosure"
              rows={2}
              maxLength={DISCLOSURE_MAX_LENGTH + 20}
              aria-invalid={errors.disclosure ? true : undefined}
              aria-describedby={`${fieldMessageId('disclosure')} disclosure-preview`}
              {...register('disclosure')}
            />
          </FormField>
          <div className="flex gap-3 rounded-lg border bg-muted/40 p-3">
            <Volume2Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
            <div className="grid gap-1">
              <p className="text-xs font-medium text-muted-foreground">The first words of every call</p>
              <p id="disclosure-preview" className="text-sm" data-testid="disclosure-preview">
                “{renderDisclosure(disclosure, rules.business_name)} {OPT_OUT_OFFER}”
              </p>
            </div>
          </div>
        </Rule>

        <Separator />

        <Rule
          icon={MegaphoneIcon}
          title="Consent"
          titleId="rule-consent"
          explanation="Promotional calls go only to contacts who gave marketing consent; reminders and confirmations need at least informational consent or an existing customer relationship."
        />
        <Rule
          icon={ScaleIcon}
          title="State rules for promotional calls"
          titleId="rule-states"
          explanation="Some states limit sales calls further. They apply to promotional calls only, to numbers with the state’s area code: such a call due outside the state’s hours moves to its next opening, and one over its limit is refused. The schedule note or the error names the rule (FL, OK), and a campaign lists it with each skipped contact. Reminders and confirmations keep your calling window."
        >
          <StateRules />
        </Rule>
        <Rule
          icon={RepeatIcon}
          title="Retries"
          titleId="rule-retries"
          explanation="A busy or unanswered call is tried twice more, 30 minutes apart, inside the calling window; every attempt shows on the call."
        />
      </CardContent>
      <CardFooter className="flex-col-reverse gap-2 border-t pt-6 sm:flex-row sm:justify-end">
        <Button
          variant="outline"
          className="w-full sm:w-auto"
          disabled={!isDirty || isSubmitting}
          onClick={() => reset(valuesFrom(rules))}
        >
          Cancel
        </Button>
        <Button type="submit" className="w-full sm:w-auto" disabled={!isDirty || isSubmitting}>
          {isSubmitting ? 'Saving...' : 'Save Rules'}
        </Button>
      </CardFooter>
    </form>
  );
}

/**
 * Settings → Calling rules: each rule explained in one sentence; the calling window, the daily cap per contact
 * and the disclosure's wording can be changed (only made stricter than the law's defaults).
 */
export function CallingRulesCard() {
  const rules = useCallingRules();
  return (
    <Card aria-labelledby="calling-rules-heading">
      <CardHeader>
        <CardTitle as="h2" id="calling-rules-heading" className="flex items-center gap-2">
          <ShieldCheckIcon aria-hidden="true" className="size-4 text-primary" />
          Calling rules
        </CardTitle>
        <CardDescription>
          Every call follows these rules, whether it is scheduled here, through the API or by a campaign.
        </CardDescription>
      </CardHeader>
      {rules.isPending ? (
        <CallingRulesSkeleton />
      ) : rules.isError ? (
        <CardContent>
          <div
            role="alert"
            className="flex flex-col gap-3 rounded-lg border border-destructive/30 p-4 sm:flex-row sm:items-center sm:justify-between"
          >
            <p className="text-sm text-destructive">
              The calling rules could not be loaded. {errorMessage(rules.error)}
            </p>
            <Button variant="outline" onClick={() => void rules.refetch()} disabled={rules.isFetching}>
              <RotateCwIcon aria-hidden="true" className={rules.isFetching ? 'animate-spin' : undefined} />
              {rules.isFetching ? 'Trying again...' : 'Try again'}
            </Button>
          </div>
        </CardContent>
      ) : (
        <CallingRulesForm rules={rules.data} />
      )}
    </Card>
  );
}
