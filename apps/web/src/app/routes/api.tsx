import { API_RATE_LIMIT_PER_MINUTE, PRODUCT_NAME } from '@callwise/shared/product';
import { DEFAULT_VOICE } from '@callwise/shared/voices';
import { ClockIcon, GaugeIcon, KeyRoundIcon, ShieldCheckIcon } from 'lucide-react';
import { Link } from 'react-router';
import { CodeBlock } from '@/components/code-block';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { paths } from '@/config/paths';

const baseUrl = `${window.location.origin}/v1`;

const endpoints = [
  { method: 'POST', path: '/calls', description: 'Create a call: place it now or schedule it.' },
  { method: 'GET', path: '/calls/{id}', description: 'Get the status and details of one call.' },
  { method: 'GET', path: '/calls', description: 'List your calls, newest first, with pagination.' },
  { method: 'POST', path: '/contacts', description: 'Add a contact.' },
  { method: 'GET', path: '/contacts', description: 'List your contacts.' },
] as const;

const createCallBody = JSON.stringify(
  {
    phone: '+15551234567',
    script: 'Hi {{name}}, this is Bright Smile Dental reminding you of your appointment tomorrow at 10 AM.',
    voice: DEFAULT_VOICE,
    callback_url: 'https://example.com/webhooks/callwise',
  },
  null,
  2,
);

const createCallResponse = JSON.stringify(
  {
    id: 'call_8f3a2b1c',
    status: 'queued',
    phone: '+15551234567',
    script: 'Hi {{name}}, this is Bright Smile Dental reminding you of your appointment tomorrow at 10 AM.',
    voice: DEFAULT_VOICE,
    created_at: '2024-01-15T10:30:00Z',
    estimated_duration: 30,
  },
  null,
  2,
);

const errorShape = JSON.stringify(
  { error: { code: 'validation_failed', message: 'phone must be a valid phone number' } },
  null,
  2,
);

const curlExample = `curl -X POST ${baseUrl}/calls \\
  -H "Authorization: Bearer YOUR_API_KEY" \\
  -H "Content-Type: application/json" \\
  -d '{
    "phone": "+15551234567",
    "script": "Hi, this is a reminder of your appointment tomorrow at 10 AM.",
    "voice": "${DEFAULT_VOICE}"
  }'`;

const javascriptExample = `const response = await fetch('${baseUrl}/calls', {
  method: 'POST',
  headers: {
    Authorization: \`Bearer \${process.env.CALLWISE_API_KEY}\`,
    'Content-Type': 'application/json',
  },
  body: JSON.stringify({
    phone: '+15551234567',
    script: 'Hi, this is a reminder of your appointment tomorrow at 10 AM.',
    voice: '${DEFAULT_VOICE}',
  }),
});
const call = await response.json();
console.log(call.id, call.status);`;

const pythonExample = `import os
import requests

response = requests.post(
    "${baseUrl}/calls",
    headers={"Authorization": f"Bearer {os.environ['CALLWISE_API_KEY']}"},
    json={
        "phone": "+15551234567",
        "script": "Hi, this is a reminder of your appointment tomorrow at 10 AM.",
        "voice": "${DEFAULT_VOICE}",
    },
)
call = response.json()
print(call["id"], call["status"])`;

const facts = [
  { icon: ShieldCheckIcon, label: 'Uptime', value: '99.9%' },
  { icon: ClockIcon, label: 'Average response', value: '< 500 ms' },
  { icon: GaugeIcon, label: 'Rate limit', value: `${API_RATE_LIMIT_PER_MINUTE} requests / minute per key` },
];

const methodVariant = { GET: 'success', POST: 'secondary' } as const;

export default function ApiPage() {
  return (
    <div className="grid grid-cols-1 gap-6">
      <p className="max-w-3xl text-muted-foreground">
        Create calls and manage contacts from your own software with the {PRODUCT_NAME} REST API. It speaks
        JSON over HTTPS and uses the same data you see in the app.
      </p>

      <Tabs defaultValue="overview">
        <TabsList>
          <TabsTrigger value="overview">Overview</TabsTrigger>
          <TabsTrigger value="authentication">Authentication</TabsTrigger>
          <TabsTrigger value="endpoints">Endpoints</TabsTrigger>
          <TabsTrigger value="examples">Examples</TabsTrigger>
        </TabsList>

        <TabsContent value="overview" className="grid grid-cols-1 gap-6">
          <Card>
            <CardHeader>
              <CardTitle as="h2">Base URL</CardTitle>
              <CardDescription>
                Every endpoint lives under this address. Requests and responses are JSON.
              </CardDescription>
            </CardHeader>
            <CardContent>
              <CodeBlock label="Base URL" code={baseUrl} />
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
              <CardTitle as="h2">Errors</CardTitle>
              <CardDescription>
                Failed requests answer with an HTTP error status and a body of this shape. Over the rate
                limit, the status is 429 and the Retry-After header says when to try again.
              </CardDescription>
            </CardHeader>
            <CardContent>
              <CodeBlock label="Error response" code={errorShape} />
            </CardContent>
          </Card>
        </TabsContent>

        <TabsContent value="authentication">
          <Card>
            <CardHeader>
              <CardTitle as="h2" className="flex items-center gap-2">
                <KeyRoundIcon aria-hidden="true" className="size-4 text-primary" />
                Bearer API key
              </CardTitle>
              <CardDescription>
                Authenticate every request with your API key in the Authorization header. You find your API
                key in your account{' '}
                <Link to={paths.settings} className="font-medium text-primary underline underline-offset-4">
                  settings
                </Link>{' '}
                under the API Keys section. Keep it secret: anyone with the key can place calls on your
                account.
              </CardDescription>
            </CardHeader>
            <CardContent>
              <CodeBlock label="Authorization header" code="Authorization: Bearer YOUR_API_KEY" />
            </CardContent>
          </Card>
        </TabsContent>

        <TabsContent value="endpoints" className="grid grid-cols-1 gap-6">
          <Card className="gap-0 py-0">
            <ul className="divide-y">
              {endpoints.map((endpoint) => (
                <li
                  key={`${endpoint.method} ${endpoint.path}`}
                  className="flex flex-col gap-2 px-6 py-4 sm:flex-row sm:items-center sm:gap-4"
                >
                  <div className="flex items-center gap-3 sm:w-56">
                    <Badge variant={methodVariant[endpoint.method]} className="w-14 font-mono">
                      {endpoint.method}
                    </Badge>
                    <code className="font-mono text-sm font-medium">{endpoint.path}</code>
                  </div>
                  <p className="text-sm text-muted-foreground">{endpoint.description}</p>
                </li>
              ))}
            </ul>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle as="h2">Create a call</CardTitle>
              <CardDescription>
                <code className="font-mono">POST /v1/calls</code> with a phone number, the script and a voice;
                callback_url is optional and receives a webhook when the call ends.
              </CardDescription>
            </CardHeader>
            <CardContent className="grid grid-cols-1 gap-4 lg:grid-cols-2">
              <CodeBlock label="Request body" code={createCallBody} />
              <CodeBlock label="Response (201)" code={createCallResponse} />
            </CardContent>
          </Card>
        </TabsContent>

        <TabsContent value="examples" className="grid grid-cols-1 gap-6">
          <CodeBlock label="cURL" code={curlExample} />
          <CodeBlock label="JavaScript" code={javascriptExample} />
          <CodeBlock label="Python" code={pythonExample} />
        </TabsContent>
      </Tabs>
    </div>
  );
}
