import { ACCOUNT_WEBHOOK_EVENTS } from '@callwise/shared/schemas/webhooks';
import { type FormEvent, useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { FormField, fieldMessageId } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { useUpdateWebhookEndpoint, useWebhookEndpoint } from '@/features/settings/api/webhook-endpoint';
import { PartLoadError } from '@/features/settings/components/settings-states';
import { errorMessage } from '@/lib/errors';
import { fieldErrorsOf } from '@/lib/form-errors';
import { notify } from '@/lib/notify';

const FIELD_ID = 'webhook-endpoint-url';

/**
 * The account's own webhook URL: every appointment event (created, confirmed, cancelled, reschedule requested,
 * rescheduled, completed, no-show) is posted there, signed like a call's deliveries. Empty: none are sent.
 */
export function WebhookEndpointForm() {
  const endpoint = useWebhookEndpoint();
  const update = useUpdateWebhookEndpoint();
  const [url, setUrl] = useState('');
  const [error, setError] = useState<string | undefined>();
  const saved = endpoint.data?.url ?? '';

  useEffect(() => setUrl(saved), [saved]);

  if (endpoint.isPending) {
    return (
      <div role="status" aria-label="Loading the webhook URL" className="grid gap-2">
        <Skeleton className="h-4 w-32" />
        <Skeleton className="h-9 w-full" />
      </div>
    );
  }
  if (endpoint.isError) {
    return (
      <PartLoadError
        what="Your webhook URL"
        retrying={endpoint.isFetching}
        onRetry={() => void endpoint.refetch()}
      />
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(undefined);
    const value = url.trim();
    update.mutate(value === '' ? null : value, {
      onSuccess: (answer) =>
        notify.success(answer.url ? 'Webhook URL saved' : 'Webhook URL removed', {
          description: answer.url
            ? 'Appointment events are posted there from now on.'
            : 'No appointment events are sent.',
        }),
      onError: (problem) => {
        const field = fieldErrorsOf(problem).find((item) => item.field === 'url');
        if (field) {
          setError(field.message);
          document.getElementById(FIELD_ID)?.focus();
        } else notify.error('Error saving the webhook URL', { description: errorMessage(problem) });
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate className="grid gap-3">
      <FormField
        id={FIELD_ID}
        label="Webhook URL"
        error={error}
        description={`Events: appointment.${ACCOUNT_WEBHOOK_EVENTS.map((event) => event.replace('appointment.', '')).join(', ')}. Leave it empty to send none.`}
      >
        <Input
          id={FIELD_ID}
          type="url"
          inputMode="url"
          autoComplete="off"
          placeholder="https://example.com/hooks/callwise"
          value={url}
          onChange={(event) => setUrl(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={fieldMessageId(FIELD_ID)}
        />
      </FormField>
      <div>
        <Button type="submit" size="sm" disabled={update.isPending || url.trim() === saved}>
          {update.isPending ? 'Saving...' : 'Save Webhook URL'}
        </Button>
      </div>
    </form>
  );
}
