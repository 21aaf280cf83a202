import {
  type AssistantSettingsResponse,
  DEFAULT_GREETING,
  MAX_TRANSFER_RING_SECONDS,
  MIN_TRANSFER_RING_SECONDS,
} from '@callwise/shared/schemas/assistant';
import { useFormContext } from 'react-hook-form';
import { Link } from 'react-router';
import { LoadError } from '@/components/load-error';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField, fieldMessageId } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { paths } from '@/config/paths';
import { useAssistantSettings, useUpdateAssistantSettings } from '@/features/settings/api/assistant-settings';
import { AssistantKnowledgeCard } from '@/features/settings/components/assistant-knowledge-card';
import { AssistantTryCard } from '@/features/settings/components/assistant-try-card';
import { BusinessNumberCard } from '@/features/settings/components/business-number-card';
import { DocumentForm } from '@/features/settings/components/document-form';
import { DocumentSkeleton } from '@/features/settings/components/document-form-parts';
import {
  type AssistantFormValues,
  assistantDocumentFrom,
  assistantFieldOf,
  assistantResolver,
  assistantValuesFrom,
} from '@/features/settings/utils/assistant-form';
import { errorMessage } from '@/lib/errors';

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
  return (
    <DocumentForm
      values={assistantValuesFrom(settings)}
      resolver={assistantResolver}
      save={async (values) => assistantValuesFrom(await update.mutateAsync(assistantDocumentFrom(values)))}
      fieldOf={assistantFieldOf}
      label="Assistant settings"
      testId="assistant-form"
      saveLabel="Save Assistant Settings"
      saved={{
        title: 'Assistant settings saved',
        description: 'Callers to your business number get the new answers from now on.',
      }}
      failed="Error saving assistant settings"
    >
      <TransferCard />
      <GreetingCard />
      <AssistantKnowledgeCard />
    </DocumentForm>
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
      <BusinessNumberCard number={settings.data.business_number} />
      <AssistantForm settings={settings.data} />
      <AssistantTryCard businessNumber={settings.data.business_number} />
    </div>
  );
}
