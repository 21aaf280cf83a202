import {
  CALL_STATUS_CHANGED_EVENT,
  WEBHOOK_MAX_ATTEMPTS,
  WEBHOOK_SECRET_PREFIX,
  WEBHOOK_TIMEOUT_SECONDS,
  WEBHOOK_TOLERANCE_SECONDS,
} from '@callwise/shared/schemas/webhooks';
import { WebhookIcon } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { CodeBlock } from '@/components/code-block';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { SegmentedControl, SegmentedControlItem } from '@/components/ui/segmented-control';
import { paths } from '@/config/paths';
import type { ApiOperation } from '@/features/api-docs/utils/openapi';
import {
  KEY_VARIABLE,
  LANGUAGES,
  type Language,
  paginationSnippet,
  requestOf,
  SNIPPETS,
  WEBHOOK_VERIFY_SNIPPETS,
  webhookDeliveryExample,
  webhookRetrySchedule,
} from '@/features/api-docs/utils/snippets';

/** The tasks shown, each one of the document's examples (all of which the server's tests execute). */
const TASKS = [
  { title: 'Place a call now', method: 'POST', path: '/v1/calls', example: 'now' },
  {
    title: 'Schedule a call for a contact, safe to retry',
    method: 'POST',
    path: '/v1/calls',
    example: 'scheduled_for_a_contact',
  },
  { title: 'Track a call', method: 'GET', path: '/v1/calls/{id}', example: 'completed' },
  { title: 'Schedule several calls at once', method: 'POST', path: '/v1/calls/batch', example: 'two_calls' },
  { title: 'Cancel a scheduled call', method: 'POST', path: '/v1/calls/{id}/cancel', example: 'cancel' },
  { title: 'Add a contact', method: 'POST', path: '/v1/contacts', example: 'new_contact' },
  { title: 'Find contacts', method: 'GET', path: '/v1/contacts', example: 'search' },
] as const;

const code = 'font-mono';

/**
 * What a callback_url receives (Standard Webhooks): the delivery, its headers and body, the retries, where the
 * secret is, code that checks a signature, and the delivery log in the chosen language.
 */
function WebhooksCard({
  operations,
  server,
  language,
  languageLabel,
}: {
  operations: ApiOperation[];
  server: string;
  language: Language;
  languageLabel: string;
}) {
  const log = operations.find((o) => o.method === 'GET' && o.path === '/v1/calls/{id}/webhook-deliveries');
  const logExample = log?.examples.find((e) => e.status === 200);
  return (
    <Card id="webhooks" className="scroll-mt-20">
      <CardHeader>
        <CardTitle as="h2" className="flex items-center gap-2">
          <WebhookIcon aria-hidden="true" className="size-4 text-primary" />
          Webhooks
        </CardTitle>
        <CardDescription>
          Give a call a <code className={code}>callback_url</code> and we POST every change of its status
          there — from <code className={code}>queued</code> to its final status — as signed JSON, in the order
          the changes happened. Deliveries follow the{' '}
          <a
            href="https://www.standardwebhooks.com"
            target="_blank"
            rel="noreferrer"
            className="font-medium text-primary underline underline-offset-4"
          >
            Standard Webhooks
          </a>{' '}
          specification.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4 text-sm">
        <p>
          Each delivery is a JSON object: <code className={code}>type</code> (always{' '}
          <code className={code}>{CALL_STATUS_CHANGED_EVENT}</code>), <code className={code}>timestamp</code>{' '}
          (when the status changed) and <code className={code}>data</code>, the call as it was at the change,
          with its <code className={code}>status</code> and <code className={code}>previous_status</code>{' '}
          (null for the first delivery, when the call was created). The body is shown indented here; check the
          signature against the raw body exactly as it arrives.
        </p>
        <CodeBlock label="A delivery" code={webhookDeliveryExample()} />
        <ul className="grid list-disc gap-2 pl-5 text-muted-foreground">
          <li>
            <code className={code}>webhook-id</code> is the delivery’s id. It stays the same on every retry,
            so use it to skip deliveries you already handled.
          </li>
          <li>
            <code className={code}>webhook-timestamp</code> is when this attempt was sent, in Unix seconds.
            Refuse deliveries more than {WEBHOOK_TOLERANCE_SECONDS / 60} minutes from your clock.
          </li>
          <li>
            <code className={code}>webhook-signature</code> is <code className={code}>v1,</code> and the
            base64 HMAC-SHA256 of the id, a dot, the timestamp, a dot and the raw body. There may be several,
            separated by spaces: accept the delivery if one matches, compared in constant time.
          </li>
          <li>
            The HMAC key is your account’s signing secret, in{' '}
            <Link
              to={paths.settingsWebhooks}
              className="font-medium text-primary underline underline-offset-4"
            >
              Settings → Webhooks
            </Link>
            , where you can also rotate it. It starts with{' '}
            <code className={code}>{WEBHOOK_SECRET_PREFIX}</code>: the key is the base64-decoded part after
            it.
          </li>
          <li>
            After a rotation the previous secret keeps working for 24 hours: deliveries carry two signatures,
            one made with the new secret and one with the previous, so receivers that still check the previous
            secret accept them while you give them the new one. A secret two rotations back stops at once.
          </li>
          <li>
            Answer with any 2xx status within {WEBHOOK_TIMEOUT_SECONDS} seconds. Anything else, or no answer,
            is tried again after {webhookRetrySchedule()}; after {WEBHOOK_MAX_ATTEMPTS} attempts the delivery
            is marked failed. Answer 410 to stop the retries of a delivery at once; with 429 or 503, a{' '}
            <code className={code}>Retry-After</code> header sets the least wait. Redirects are not followed.
          </li>
          <li>
            A call’s next change is sent only once the one before it is delivered or failed, so they arrive in
            order.
          </li>
        </ul>
        <div className="grid gap-4 lg:grid-cols-2">
          <CodeBlock
            label="Verify a delivery (JavaScript, Node.js)"
            code={WEBHOOK_VERIFY_SNIPPETS.javascript}
          />
          <CodeBlock label="Verify a delivery (Python)" code={WEBHOOK_VERIFY_SNIPPETS.python} />
        </div>
        <p className="text-muted-foreground">
          Any Standard Webhooks library checks deliveries too (<code className={code}>standardwebhooks</code>{' '}
          on npm and PyPI).
        </p>
        <section aria-labelledby="webhook-log-heading" className="grid gap-2">
          <h3 id="webhook-log-heading" className="font-semibold">
            See a call’s deliveries
          </h3>
          <p className="text-muted-foreground">
            <code className={code}>GET /v1/calls/{'{id}'}/webhook-deliveries</code> lists each delivery of a
            call, newest first: the status it announces, its state (<code className={code}>pending</code>,{' '}
            <code className={code}>delivered</code> or <code className={code}>failed</code>), attempts, the
            last answer or error and the next attempt. The call’s details in Call History show the same.
          </p>
          {log && logExample ? (
            <CodeBlock
              label={`See a call’s deliveries (${languageLabel})`}
              code={SNIPPETS[language](requestOf(server, log, logExample))}
            />
          ) : null}
        </section>
      </CardContent>
    </Card>
  );
}

/** Whole requests in cURL, JavaScript (fetch) and Python, built from the document's examples. */
export function ExamplesTab({ operations, server }: { operations: ApiOperation[]; server: string }) {
  const [language, setLanguage] = useState<Language>('curl');
  const languageLabel = LANGUAGES.find((l) => l.id === language)?.label ?? language;
  const tasks = TASKS.flatMap((task) => {
    const operation = operations.find((o) => o.method === task.method && o.path === task.path);
    const example = operation?.examples.find((e) => e.name === task.example);
    return operation && example ? [{ ...task, operation, example }] : [];
  });

  return (
    <div className="grid gap-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="max-w-2xl text-sm text-muted-foreground">
          Every example reads your key from the <code className="font-mono">{KEY_VARIABLE}</code> environment
          variable: keep keys out of your code.
        </p>
        {/* A setting for every example below, not tabs: there is no panel per language. */}
        <SegmentedControl
          aria-label="Language"
          value={language}
          onValueChange={(value) => setLanguage(value as Language)}
          className="shrink-0"
        >
          {LANGUAGES.map((l) => (
            <SegmentedControlItem key={l.id} value={l.id}>
              {l.label}
            </SegmentedControlItem>
          ))}
        </SegmentedControl>
      </div>
      {tasks.map((task) => (
        <section key={task.title} aria-label={task.title} className="grid gap-2">
          <h2 className="text-base font-semibold">{task.title}</h2>
          <p className="text-sm text-muted-foreground">
            <code className="font-mono">
              {task.method} {task.path}
            </code>{' '}
            — {task.example.summary}. Answers {task.example.status}.
          </p>
          <CodeBlock
            label={`${task.title} (${languageLabel})`}
            code={SNIPPETS[language](requestOf(server, task.operation, task.example))}
          />
        </section>
      ))}
      <section aria-label="Read every page of a list" className="grid gap-2">
        <h2 className="text-base font-semibold">Read every page of a list</h2>
        <p className="text-sm text-muted-foreground">
          Lists come newest first, up to 100 items a page. Pass each page’s{' '}
          <code className="font-mono">next_cursor</code> as <code className="font-mono">cursor</code> until it
          is null.
        </p>
        <CodeBlock
          label={`Read every page of a list (${languageLabel})`}
          code={paginationSnippet(language, server, '/v1/calls')}
        />
      </section>
      <WebhooksCard
        operations={operations}
        server={server}
        language={language}
        languageLabel={languageLabel}
      />
    </div>
  );
}
