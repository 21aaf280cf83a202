import { API_RATE_LIMIT_PER_MINUTE } from '@callwise/shared/product';
import { ClockIcon, GaugeIcon, ShieldCheckIcon } from 'lucide-react';
import { Link } from 'react-router';
import { CodeBlock } from '@/components/code-block';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { paths } from '@/config/paths';
import type { ApiOperation } from '@/features/api-docs/utils/openapi';
import { curlSnippet, requestOf } from '@/features/api-docs/utils/snippets';

const facts = [
  { icon: ShieldCheckIcon, label: 'Uptime', value: '99.9%' },
  { icon: ClockIcon, label: 'Average response', value: '< 500 ms' },
  { icon: GaugeIcon, label: 'Rate limit', value: `${API_RATE_LIMIT_PER_MINUTE} requests / minute per key` },
];

const conventions = [
  {
    title: 'Errors',
    text: 'Failures answer with an HTTP status and {"error": {"code", "message", "details"}}: 400 validation_failed lists each field in details; 401 bad key; 403 plan or endpoint not allowed; 404 not found (also another account’s ids); 409 conflict; 422 reused Idempotency-Key; 429 too many requests.',
  },
  {
    title: 'Pagination',
    text: 'Lists answer {"data": [...], "next_cursor"}, newest first, with ?limit= up to 100. Pass next_cursor as ?cursor= for the next page; it is null on the last. Pages never skip or repeat an item.',
  },
  {
    title: 'Rate limits',
    text: `${API_RATE_LIMIT_PER_MINUTE} requests per minute per key. Every answer carries RateLimit-Limit, RateLimit-Remaining and RateLimit-Reset (seconds); over the limit the answer is 429 with Retry-After.`,
  },
  {
    title: 'Idempotency',
    text: 'Send an Idempotency-Key header (e.g. a UUID) with a POST that creates: a retry with the same key and body within 24 hours replays the first answer (Idempotent-Replayed: true) instead of creating twice.',
  },
];

/** What the API is, where it lives, the first three steps, and the rules every endpoint follows. */
export function OverviewTab({ server, operations }: { server: string; operations: ApiOperation[] }) {
  const create = operations.find((o) => o.method === 'POST' && o.path === '/v1/calls');
  const example = create?.examples.find((e) => e.name === 'now');
  const error = create?.examples.find((e) => e.status === 400)?.response;

  return (
    <div className="grid gap-6">
      <Card>
        <CardHeader>
          <CardTitle as="h2">Base URL</CardTitle>
          <CardDescription>
            Every endpoint lives under this address. Requests and responses are JSON.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <CodeBlock label="Base URL" code={`${server}/v1`} />
        </CardContent>
      </Card>
      <div className="grid gap-4 md:grid-cols-3">
        {facts.map((fact) => (
          <Card key={fact.label} className="gap-2 px-5 py-5">
            <fact.icon aria-hidden="true" className="size-5 text-primary" />
            <h3 className="text-sm text-muted-foreground">{fact.label}</h3>
            <p className="font-semibold">{fact.value}</p>
          </Card>
        ))}
      </div>
      <Card>
        <CardHeader>
          <CardTitle as="h2">Quick start</CardTitle>
          <CardDescription>From nothing to a placed call in three steps.</CardDescription>
        </CardHeader>
        <CardContent>
          <ol className="grid list-decimal gap-4 pl-5 text-sm">
            <li>
              Create an API key in{' '}
              <Link
                to={paths.settingsApiKeys}
                className="font-medium text-primary underline underline-offset-4"
              >
                Settings → API Keys
              </Link>{' '}
              and keep it in an environment variable.
            </li>
            <li>
              {/* A list item keeps its number only as a list item: the grid goes inside it. */}
              <div className="grid gap-2">
                <span>Place a call:</span>
                {create && example ? (
                  <CodeBlock
                    label="Place a call (cURL)"
                    code={curlSnippet(requestOf(server, create, example))}
                  />
                ) : null}
              </div>
            </li>
            <li>
              Follow it with <code className="font-mono">GET /v1/calls/{'{id}'}</code> (status goes from
              queued to ringing, in-progress and completed, with the callee’s answer in outcome), or list your
              calls with <code className="font-mono">GET /v1/calls</code>.
            </li>
          </ol>
        </CardContent>
      </Card>
      <div className="grid gap-4 md:grid-cols-2">
        {conventions.map((item) => (
          <Card key={item.title} className="gap-2 px-5 py-5">
            <h3 className="font-semibold">{item.title}</h3>
            <p className="text-sm text-muted-foreground">{item.text}</p>
          </Card>
        ))}
      </div>
      {error ? (
        <Card>
          <CardHeader>
            <CardTitle as="h2">An error</CardTitle>
            <CardDescription>What a request without a message answers (400).</CardDescription>
          </CardHeader>
          <CardContent>
            <CodeBlock label="Error response" code={error} />
          </CardContent>
        </Card>
      ) : null}
    </div>
  );
}
