import { ChevronRightIcon } from 'lucide-react';
import { CodeBlock } from '@/components/code-block';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { MethodBadge } from '@/features/api-docs/components/method-badge';
import type { ApiField, ApiGroup, ApiOperation } from '@/features/api-docs/utils/openapi';
import { curlSnippet, requestOf } from '@/features/api-docs/utils/snippets';

const TAG_TITLES: Record<string, string> = {
  calls: 'Calls',
  contacts: 'Contacts',
  scripts: 'Scripts',
  voices: 'Voices',
};

const titleOf = (tag: string) => TAG_TITLES[tag] ?? tag.charAt(0).toUpperCase() + tag.slice(1);

function FieldsTable({ caption, fields }: { caption: string; fields: Array<ApiField & { in?: string }> }) {
  if (fields.length === 0) return null;
  return (
    <div className="grid gap-2">
      <h4 className="text-sm font-semibold">{caption}</h4>
      <dl className="divide-y rounded-lg border text-sm">
        {fields.map((field) => (
          <div
            key={`${field.in ?? ''}${field.name}`}
            className="grid gap-1 px-3 py-2 sm:grid-cols-[14rem_1fr] sm:gap-4"
          >
            <dt className="flex flex-wrap items-baseline gap-x-2">
              <code className="font-mono font-medium">{field.name}</code>
              <span className="text-xs text-muted-foreground">
                {field.in && field.in !== 'body' ? `${field.in}, ` : ''}
                {field.type}
                {field.required ? ', required' : ''}
              </span>
            </dt>
            <dd className="text-muted-foreground">{field.description || '—'}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

/** One endpoint: what it does, then (on request) its parameters, body, answers and an example. */
function Endpoint({ operation, server }: { operation: ApiOperation; server: string }) {
  const example =
    operation.examples.find((candidate) => candidate.status < 300) ?? operation.examples[0] ?? undefined;
  return (
    <li id={operation.id} data-testid="endpoint" className="scroll-mt-20">
      <details className="group">
        <summary className="flex cursor-pointer list-none flex-col gap-2 px-5 py-4 outline-none hover:bg-muted/40 focus-visible:ring-[3px] focus-visible:ring-ring/50 sm:flex-row sm:items-center sm:gap-4 [&::-webkit-details-marker]:hidden">
          <span className="flex items-center gap-3">
            <ChevronRightIcon
              aria-hidden="true"
              className="size-4 shrink-0 text-muted-foreground transition-transform group-open:rotate-90"
            />
            <MethodBadge method={operation.method} />
            <code className="font-mono text-sm font-medium break-all" data-testid="endpoint-route">
              <span className="sr-only">{operation.method} </span>
              {operation.path}
            </code>
          </span>
          <span className="text-sm text-muted-foreground sm:ml-auto sm:text-right">{operation.summary}</span>
        </summary>
        <div className="grid gap-5 border-t bg-muted/20 px-5 py-5">
          {operation.description ? <p className="text-sm">{operation.description}</p> : null}
          <FieldsTable caption="Parameters" fields={operation.parameters} />
          <FieldsTable caption="Request body (JSON)" fields={operation.body} />
          <div className="grid gap-2">
            <h4 className="text-sm font-semibold">Responses</h4>
            <ul className="grid gap-1.5 text-sm">
              {operation.responses.map((response) => (
                <li key={response.status} className="flex gap-3">
                  <Badge
                    variant={response.status.startsWith('2') ? 'success' : 'neutral'}
                    className="font-mono"
                  >
                    {response.status}
                  </Badge>
                  <span className="text-muted-foreground">{response.description}</span>
                </li>
              ))}
            </ul>
          </div>
          {example ? (
            <div className="grid gap-3 lg:grid-cols-2">
              <CodeBlock
                label={`Example request: ${example.summary}`}
                code={curlSnippet(requestOf(server, operation, example))}
              />
              {example.response ? (
                <CodeBlock label={`Response (${example.status})`} code={example.response} />
              ) : (
                <p className="text-sm text-muted-foreground">Answers {example.status} without a JSON body.</p>
              )}
            </div>
          ) : null}
        </div>
      </details>
    </li>
  );
}

/** Every endpoint an API key can call, grouped by resource, straight from the OpenAPI document. */
export function EndpointsTab({ groups, server }: { groups: ApiGroup[]; server: string }) {
  return (
    <div className="grid gap-8">
      <nav aria-label="Resources" className="flex flex-wrap gap-2">
        {groups.map((group) => (
          <a
            key={group.tag}
            href={`#resource-${group.tag}`}
            className="rounded-full border px-3 py-1 text-sm hover:bg-muted"
          >
            {titleOf(group.tag)} <span className="text-muted-foreground">({group.operations.length})</span>
          </a>
        ))}
      </nav>
      {groups.map((group) => (
        <section
          key={group.tag}
          id={`resource-${group.tag}`}
          aria-labelledby={`resource-${group.tag}-heading`}
          className="grid scroll-mt-20 gap-3"
        >
          <div>
            <h2 id={`resource-${group.tag}-heading`} className="text-lg font-semibold tracking-tight">
              {titleOf(group.tag)}
            </h2>
            {group.description ? <p className="text-sm text-muted-foreground">{group.description}</p> : null}
          </div>
          <Card className="gap-0 overflow-hidden py-0">
            <ul className="divide-y">
              {group.operations.map((operation) => (
                <Endpoint key={operation.id} operation={operation} server={server} />
              ))}
            </ul>
          </Card>
        </section>
      ))}
    </div>
  );
}
