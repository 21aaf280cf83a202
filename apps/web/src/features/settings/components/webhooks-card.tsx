import {
  WEBHOOK_MAX_ATTEMPTS,
  WEBHOOK_SECRET_PREFIX,
  WEBHOOK_TIMEOUT_SECONDS,
  WEBHOOK_VERIFY_SNIPPET,
} from '@callwise/shared/schemas/webhooks';
import { CheckIcon, CopyIcon, EyeIcon, EyeOffIcon, RefreshCwIcon, WebhookIcon } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { CodeBlock } from '@/components/code-block';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { useWebhookSecret } from '@/features/settings/api/get-webhook-secret';
import { useRotateWebhookSecret } from '@/features/settings/api/rotate-webhook-secret';
import { PartLoadError } from '@/features/settings/components/settings-states';
import { WebhookEndpointForm } from '@/features/settings/components/webhook-endpoint-form';
import { useCopyToClipboard } from '@/hooks/use-copy-to-clipboard';
import { notify } from '@/lib/notify';

/** The id of the section, for the card on /settings/webhooks. */
export const WEBHOOKS_SECTION_ID = 'webhooks';

const couldNotCopy = () =>
  notify.error('Could not copy the secret', { description: 'Reveal it and copy it by hand instead.' });
/** How long the secret a rotation replaces still signs deliveries (the server's PREVIOUS_WEBHOOK_SECRET_HOURS). */
const PREVIOUS_SECRET_HOURS = 24;
const MASK = `${WEBHOOK_SECRET_PREFIX}${'•'.repeat(24)}`;

const EXAMPLE_DELIVERY = `POST <your callback_url>
content-type: application/json
webhook-id: 5e6f7a8b-9c0d-4e1f-8a2b-3c4d5e6f7a01
webhook-timestamp: 1772463631
webhook-signature: v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<raw body>">

{"type":"call.status_changed","timestamp":"2026-03-02T15:00:31.180Z",
 "data":{"id":"…","status":"completed","previous_status":"in-progress","outcome":"confirmed",…}}`;

/** The secret, masked until revealed, with Reveal, Copy and Rotate. */
function SecretRow() {
  const secret = useWebhookSecret();
  const rotate = useRotateWebhookSecret();
  const [revealed, setRevealed] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const { copied, copy: copyText } = useCopyToClipboard(couldNotCopy);

  if (secret.isPending) {
    return (
      <div role="status" aria-label="Loading the signing secret" className="grid gap-3">
        <Skeleton className="h-10 w-full" />
        <div className="flex gap-2">
          <Skeleton className="h-8 w-20" />
          <Skeleton className="h-8 w-20" />
          <Skeleton className="h-8 w-24" />
        </div>
      </div>
    );
  }
  if (secret.isError) {
    return (
      <PartLoadError
        what="Your signing secret"
        retrying={secret.isFetching}
        onRetry={() => void secret.refetch()}
      />
    );
  }

  const value = secret.data.secret;
  const copy = () => copyText(value);

  return (
    <div className="grid gap-3">
      <code
        id="webhook-secret"
        className="block rounded-lg border bg-muted/40 px-3 py-2.5 font-mono text-[0.8125rem] break-all"
        data-testid="webhook-secret"
      >
        {revealed ? (
          value
        ) : (
          <>
            <span aria-hidden="true">{MASK}</span>
            <span className="sr-only">The secret is hidden: choose Reveal to show it.</span>
          </>
        )}
      </code>
      <div className="flex flex-wrap gap-2">
        <Button
          variant="outline"
          size="sm"
          aria-pressed={revealed}
          aria-controls="webhook-secret"
          onClick={() => setRevealed((shown) => !shown)}
        >
          {revealed ? <EyeOffIcon aria-hidden="true" /> : <EyeIcon aria-hidden="true" />}
          {revealed ? 'Hide' : 'Reveal'}
        </Button>
        <Button variant="outline" size="sm" onClick={() => void copy()}>
          {copied ? <CheckIcon aria-hidden="true" /> : <CopyIcon aria-hidden="true" />}
          <span aria-live="polite">{copied ? 'Copied!' : 'Copy'}</span>
        </Button>
        <ConfirmDialog
          open={confirming}
          onOpenChange={setConfirming}
          trigger={
            <Button variant="outline" size="sm" disabled={rotate.isPending}>
              <RefreshCwIcon aria-hidden="true" className={rotate.isPending ? 'animate-spin' : undefined} />
              {rotate.isPending ? 'Rotating...' : 'Rotate Secret'}
            </Button>
          }
          title="Rotate the signing secret?"
          description={`A new secret signs every delivery from the moment you confirm, retries of earlier changes too. For ${PREVIOUS_SECRET_HOURS} hours the current secret signs them as well, so your receivers keep accepting deliveries while you give them the new one; after that, receivers that still check it will refuse them. This cannot be undone.`}
          cancelLabel="Keep Current Secret"
          confirmLabel="Rotate Secret"
          onConfirm={() => rotate.mutate(undefined, { onSuccess: () => setRevealed(true) })}
        />
      </div>
      <p className="text-xs text-muted-foreground" data-testid="webhook-rotation-note">
        The previous secret keeps working for {PREVIOUS_SECRET_HOURS} hours after a rotation: deliveries carry
        a signature made with each.
      </p>
    </div>
  );
}

/**
 * Settings → Webhooks: what a callback_url receives and how to check it, and the account's signing secret
 * (masked, revealable, copyable, rotatable).
 */
export function WebhooksCard() {
  return (
    <Card id={WEBHOOKS_SECTION_ID} className="scroll-mt-20" aria-labelledby="webhooks-heading">
      <CardHeader>
        <CardTitle as="h2" id="webhooks-heading" className="flex items-center gap-2">
          <WebhookIcon aria-hidden="true" className="size-4 text-primary" />
          Webhooks
        </CardTitle>
        <CardDescription>
          Give a call a <code className="font-mono">callback_url</code> through the{' '}
          <Link to={paths.api} className="font-medium text-primary underline underline-offset-4">
            API
          </Link>{' '}
          and we post each of its status changes there, in order, as signed JSON. Each call’s deliveries are
          listed in its details in Call History.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <section aria-labelledby="webhook-endpoint-heading" className="grid gap-2">
          <h3 id="webhook-endpoint-heading" className="text-sm font-semibold">
            Appointment events
          </h3>
          <p className="text-sm text-muted-foreground">
            When an appointment is booked, confirmed, cancelled or moved (by you, the API, a calendar or the
            customer on a call), we post the change to your server, signed with the secret below.
          </p>
          <WebhookEndpointForm />
        </section>
        <section aria-labelledby="webhook-secret-heading" className="grid gap-2">
          <h3 id="webhook-secret-heading" className="text-sm font-semibold">
            Signing secret
          </h3>
          <p className="text-sm text-muted-foreground">
            Every delivery is signed with this secret (the Standard Webhooks scheme). Keep it on your server
            only.
          </p>
          <SecretRow />
        </section>
        <section aria-labelledby="webhook-format-heading" className="grid gap-2">
          <h3 id="webhook-format-heading" className="text-sm font-semibold">
            What your server receives
          </h3>
          <p className="text-sm text-muted-foreground">
            Answer with any 2xx status within {WEBHOOK_TIMEOUT_SECONDS} seconds. Anything else is tried again
            after 30 seconds, 2 and 10 minutes, then 1, 6, 12 and 24 hours: {WEBHOOK_MAX_ATTEMPTS} attempts in
            all. A retry keeps its <code className="font-mono">webhook-id</code>, so use it to skip repeats.
          </p>
          <CodeBlock label="A delivery" code={EXAMPLE_DELIVERY} />
        </section>
        <section aria-labelledby="webhook-verify-heading" className="grid gap-2">
          <h3 id="webhook-verify-heading" className="text-sm font-semibold">
            Check the signature
          </h3>
          <p className="text-sm text-muted-foreground">
            Check every delivery before you trust it, with the raw body as received. Any Standard Webhooks
            library does this too (<code className="font-mono">standardwebhooks</code> on npm and PyPI).
          </p>
          <CodeBlock label="Verify a delivery (Node.js)" code={WEBHOOK_VERIFY_SNIPPET} />
        </section>
      </CardContent>
    </Card>
  );
}
