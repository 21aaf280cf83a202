import { KeyRoundIcon } from 'lucide-react';
import { Link } from 'react-router';
import { CodeBlock } from '@/components/code-block';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { paths } from '@/config/paths';
import type { ApiOperation } from '@/features/api-docs/utils/openapi';

/** How to authenticate: a bearer API key from Settings → API Keys, and what a key may not do. */
export function AuthenticationTab({ operations }: { operations: ApiOperation[] }) {
  const sessionOnly = operations.filter((operation) => operation.access === 'session');
  return (
    <div className="grid gap-6">
      <Card>
        <CardHeader>
          <CardTitle as="h2" className="flex items-center gap-2">
            <KeyRoundIcon aria-hidden="true" className="size-4 text-primary" />
            Bearer API key
          </CardTitle>
          <CardDescription>
            Authenticate every request with your API key in the Authorization header. You find your API key in
            your account settings under the{' '}
            <Link
              to={paths.settingsApiKeys}
              className="font-medium text-primary underline underline-offset-4"
            >
              API Keys
            </Link>{' '}
            section. Keep it secret: anyone with the key can place calls on your account.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          <CodeBlock label="Authorization header" code="Authorization: Bearer cw_live_…" />
          <ul className="grid list-disc gap-2 pl-5 text-sm text-muted-foreground">
            <li>
              A key is shown once, when you create it; we keep only a hash of it, so a lost key cannot be
              shown again: create a new one and revoke the old.
            </li>
            <li>A revoked key stops working at once: its requests answer 401.</li>
            <li>
              API access is included in the free trial and in the Professional and Enterprise plans. On
              Starter, requests with a key answer 403 <code className="font-mono">plan_upgrade_required</code>
              .
            </li>
            <li>Each key has its own rate limit of 100 requests per minute.</li>
          </ul>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle as="h2">What needs a signed-in session</CardTitle>
          <CardDescription>
            Managing API keys, billing, your profile and your password stays in the web app: with an API key
            these answer 403 <code className="font-mono">session_required</code>.
          </CardDescription>
        </CardHeader>
        {sessionOnly.length > 0 ? (
          <CardContent>
            <ul className="grid gap-1 text-sm">
              {sessionOnly.map((operation) => (
                <li key={operation.id}>
                  <code className="font-mono">
                    {operation.method} {operation.path}
                  </code>{' '}
                  <span className="text-muted-foreground">— {operation.summary}</span>
                </li>
              ))}
            </ul>
          </CardContent>
        ) : null}
      </Card>
    </div>
  );
}
