import { formatPhone } from '@callwise/shared/phone';
import {
  type AssistantSettingsResponse,
  DEFAULT_GREETING,
  MAX_TRANSFER_RING_SECONDS,
  MIN_TRANSFER_RING_SECONDS,
} from '@callwise/shared/schemas/assistant';
import { CheckIcon, CopyIcon, PhoneIncomingIcon } from 'lucide-react';
import { FormProvider, useForm, useFormContext } from 'react-hook-form';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { LoadError } from '@/components/load-error';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField, fieldMessageId } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { UnsavedChangesGuard } from '@/components/unsaved-changes-guard';
import { paths } from '@/config/paths';
import { useAssistantSettings, useUpdateAssistantSettings } from '@/features/settings/api/assistant-settings';
import { AssistantKnowledgeCard } from '@/features/settings/components/assistant-knowledge-card';
import { AssistantTryCard } from '@/features/settings/components/assistant-try-card';
import {
  DocumentSaveBar,
  DocumentSkeleton,
  showFieldErrors,
} from '@/features/settings/components/document-form-parts';
import {
  type AssistantFormValues,
  assistantDocumentFrom,
  assistantFieldOf,
  assistantResolver,
  assistantValuesFrom,
} from '@/features/settings/utils/assistant-form';
import { useCopyToClipboard } from '@/hooks/use-copy-to-clipboard';
import { errorMessage } from '@/lib/errors';

/** The number callers call, with a Copy button; or, plainly, that there is none yet. */
function BusinessNumberCard({ number }: { number: string | null }) {
  const { copied, copy } = useCopyToClipboard(() =>
    toast.error('Could not copy', { description: 'Your browser refused; select the number and copy it.' }),
  );
  return (
    <Card role="region" aria-labelledby="assistant-number-heading">
      <CardHeader>
        <CardTitle as="h2" id="assistant-number-heading">
          Business number
        </CardTitle>
        <CardDescription>
          {number
            ? 'Callers who call this number reach the assistant. It answers their questions, puts them through to you or takes a message.'
            : 'No business number is assigned to your account yet, so nobody can call the assistant. Once one is assigned it shows here.'}
        </CardDescription>
      </CardHeader>
      {number && (
        <CardContent className="flex flex-wrap items-center gap-3">
          <span
            className="flex items-center gap-2 text-lg font-semibold tabular-nums"
            data-testid="business-number"
          >
            <PhoneIncomingIcon aria-hidden="true" className="size-5 text-muted-foreground" />
            {formatPhone(number)}
          </span>
          <Button
            type="button"
            variant="outline"
            size="sm"
            onClick={() => void copy(number)}
            aria-label={copied ? 'Copied the business number' : 'Copy the business number'}
          >
            {copied ? <CheckIcon aria-hidden="true" /> : <CopyIcon aria-hidden="true" />}
            <span aria-live="polite">{copied ? 'Copied!' : 'Copy'}</span>
          </Button>
        </CardContent>
      )}
    </Card>
  );
}

/** Who callers are put through to, during business hours, and for how long it rings. */
function TransferCard() {
  const {
    register,
    formState: { errors },
  } = useFormContext<AssistantFormValues>();
  const numberError = errors.transfer_number?.message;
  const ringError = errors.transfer_ring_seconds?.message;
  return (
    <Card role="region" aria-labelledby="assistant-transfer-heading">
      <CardHeader>
        <CardTitle as="h2" id="assistant-transfer-heading">
          Transfer to a person
        </CardTitle>
        <CardDescription>
          A caller who asks for a person is put through to this number, only during your business hours (the
          opening hours and closures in{' '}
          <Link to={paths.settingsBooking} className="font-medium text-primary underline underline-offset-4">
            Settings → Booking
          </Link>
          ). Outside those hours, or when nobody answers, the assistant takes a message for you.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5 sm:grid-cols-2">
        <FormField
          id="transfer-number"
          label="Transfer number"
          error={numberError}
          description="Your front desk’s phone. Leave it empty to always take a message."
        >
          <Input
            id="transfer-number"
            type="tel"
            inputMode="tel"
            autoComplete="off"
            placeholder="+1 202 555 0199"
            aria-invalid={numberError ? true : undefined}
            aria-describedby={fieldMessageId('transfer-number')}
            {...register('transfer_number')}
          />
        </FormField>
        <FormField
          id="transfer-ring"
          label="Ring for (seconds)"
          error={ringError}
          description={`How long it rings before the assistant takes a message (${MIN_TRANSFER_RING_SECONDS}–${MAX_TRANSFER_RING_SECONDS}).`}
        >
          <Input
            id="transfer-ring"
            type="number"
            inputMode="numeric"
            min={MIN_TRANSFER_RING_SECONDS}
            max={MAX_TRANSFER_RING_SECONDS}
            step={5}
            className="max-w-40"
            aria-invalid={ringError ? true : undefined}
            aria-describedby={fieldMessageId('transfer-ring')}
            {...register('transfer_ring_seconds', { valueAsNumber: true })}
          />
        </FormField>
      </CardContent>
    </Card>
  );
}

/** What a caller the assistant does not know hears first. */
function GreetingCard() {
  const {
    register,
    formState: { errors },
  } = useFormContext<AssistantFormValues>();
  const error = errors.greeting?.message;
  return (
    <Card role="region" aria-labelledby="assistant-greeting-heading">
      <CardHeader>
        <CardTitle as="h2" id="assistant-greeting-heading">
          Greeting
        </CardTitle>
        <CardDescription>
          What a caller the assistant does not know hears first. Your contacts are greeted by name instead.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <FormField
          id="assistant-greeting"
          label="Greeting"
          error={error}
          description={
            <>
              Leave it empty for the default: “{DEFAULT_GREETING}”. <code>{'{{business_name}}'}</code> is
              replaced by your business name.
            </>
          }
        >
          <Textarea
            id="assistant-greeting"
            rows={3}
            maxLength={300}
            placeholder={DEFAULT_GREETING}
            aria-invalid={error ? true : undefined}
            aria-describedby={fieldMessageId('assistant-greeting')}
            {...register('greeting')}
          />
        </FormField>
      </CardContent>
    </Card>
  );
}

/** The whole assistant document as one form: one Save replaces it (PUT), as the server takes it. */
function AssistantForm({ settings }: { settings: AssistantSettingsResponse }) {
  const update = useUpdateAssistantSettings();
  const form = useForm<AssistantFormValues>({
    resolver: assistantResolver,
    defaultValues: assistantValuesFrom(settings),
  });
  const {
    handleSubmit,
    reset,
    setError,
    formState: { errors, isDirty, isSubmitting },
  } = form;

  const submit = handleSubmit(async (values) => {
    try {
      const saved = await update.mutateAsync(assistantDocumentFrom(values));
      reset(assistantValuesFrom(saved));
      toast.success('Assistant settings saved', {
        description: 'Callers to your business number get the new answers from now on.',
      });
    } catch (error) {
      const shown = showFieldErrors(error, assistantFieldOf, setError);
      if (shown === 0) toast.error('Error saving assistant settings', { description: errorMessage(error) });
    }
  });

  const formError = errors.root?.document?.message;

  return (
    <FormProvider {...form}>
      <form
        onSubmit={submit}
        noValidate
        aria-label="Assistant settings"
        className="grid min-w-0 gap-6"
        data-testid="assistant-form"
      >
        <UnsavedChangesGuard when={isDirty && !isSubmitting} />
        <BusinessNumberCard number={settings.business_number} />
        <TransferCard />
        <GreetingCard />
        <AssistantKnowledgeCard />
        <DocumentSaveBar
          isDirty={isDirty}
          isSubmitting={isSubmitting}
          error={formError}
          saveLabel="Save Assistant Settings"
          onCancel={() => reset(assistantValuesFrom(settings))}
        />
      </form>
    </FormProvider>
  );
}

/**
 * Settings → Assistant: the phone assistant that answers the business number — who it puts callers through to,
 * how it greets them, what it knows; below, a simulated call to try it.
 */
export function AssistantSection() {
  const settings = useAssistantSettings();
  if (settings.isPending)
    return (
      <DocumentSkeleton
        label="Loading assistant settings"
        cards={['number', 'transfer', 'greeting']}
        rows={['a', 'b']}
      />
    );
  if (settings.isError)
    return (
      <LoadError
        title="Your assistant settings could not be loaded"
        message={errorMessage(settings.error)}
        retrying={settings.isFetching}
        onRetry={() => void settings.refetch()}
      />
    );
  return (
    <div className="grid min-w-0 gap-6">
      <AssistantForm settings={settings.data} />
      <AssistantTryCard businessNumber={settings.data.business_number} />
    </div>
  );
}
