import { WebhookIcon } from 'lucide-react';
import { useState } from 'react';
import { CodeBlock } from '@/components/code-block';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Tabs, TabsList, TabsTrigger } from '@/components/ui/tabs';
import type { ApiOperation } from '@/features/api-docs/utils/openapi';
import {
  KEY_VARIABLE,
  LANGUAGES,
  type Language,
  paginationSnippet,
  requestOf,
  SNIPPETS,
  WEBHOOK_HEADER,
  WEBHOOK_VERIFY_SNIPPETS,
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

function WebhooksCard() {
  return (
    <Card id="webhooks" className="scroll-mt-20">
      <CardHeader>
        <CardTitle as="h2" className="flex items-center gap-2">
          <WebhookIcon aria-hidden="true" className="size-4 text-primary" />
          Webhooks
        </CardTitle>
        <CardDescription>
          Give a call a <code className="font-mono">callback_url</code> to be told when its status changes.
          Sending these deliveries comes in a later release: today the URL is stored with the call, and this
          is the format deliveries will use so that you can build your receiver now.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4 text-sm">
        <p>
          Each delivery is a POST with the call as JSON and a signature header. The signature is an
          HMAC-SHA256, keyed with your account’s webhook secret, of the timestamp, a dot and the raw request
          body. Check it before you trust a delivery, compare in constant time, and refuse deliveries more
          than five minutes old.
        </p>
        <CodeBlock
          label="Signature header"
          code={`${WEBHOOK_HEADER}: t=1767225600,v1=<hex HMAC-SHA256 of "1767225600.<raw body>">`}
        />
        <div className="grid gap-4 lg:grid-cols-2">
          <CodeBlock
            label="Verify a signature (JavaScript, Node.js)"
            code={WEBHOOK_VERIFY_SNIPPETS.javascript}
          />
          <CodeBlock label="Verify a signature (Python)" code={WEBHOOK_VERIFY_SNIPPETS.python} />
        </div>
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
        <Tabs value={language} onValueChange={(value) => setLanguage(value as Language)}>
          <TabsList aria-label="Language">
            {LANGUAGES.map((l) => (
              <TabsTrigger key={l.id} value={l.id}>
                {l.label}
              </TabsTrigger>
            ))}
          </TabsList>
        </Tabs>
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
      <WebhooksCard />
    </div>
  );
}
