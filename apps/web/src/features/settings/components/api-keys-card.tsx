import { PLANS, type PlanId } from '@callwise/shared/plans';
import type { ApiKey, CreatedApiKey } from '@callwise/shared/schemas/api-keys';
import { createApiKeyInputSchema } from '@callwise/shared/schemas/api-keys';
import { KeyRoundIcon, Trash2Icon } from 'lucide-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { CodeBlock } from '@/components/code-block';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { FormField, fieldMessageId } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { paths } from '@/config/paths';
import { useCreateApiKey } from '@/features/settings/api/create-api-key';
import { useApiKeys } from '@/features/settings/api/get-api-keys';
import { useRevokeApiKey } from '@/features/settings/api/revoke-api-key';
import { formatDate, formatTimeAgo } from '@/lib/dates';

/** The id of the section, for the card on /settings/api-keys (the API documentation links there). */
export const API_KEYS_SECTION_ID = 'api-keys';

/** The key just created: shown this once, with a copy button. */
function NewKeyDialog({ created, onClose }: { created: CreatedApiKey | null; onClose: () => void }) {
  return (
    <Dialog open={created !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>Your new API key</DialogTitle>
          <DialogDescription>
            Copy “{created?.name}” now and keep it somewhere safe. For your security it will not be shown
            again: only its first characters stay visible here.
          </DialogDescription>
        </DialogHeader>
        {created ? <CodeBlock label="API key" code={created.key} /> : null}
        <p className="text-sm text-muted-foreground">
          Send it with every request as <code className="font-mono">Authorization: Bearer &lt;key&gt;</code>.
        </p>
        <DialogFooter>
          <Button onClick={onClose}>Done</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

function RevokeDialog({
  apiKey,
  onOpenChange,
  onConfirm,
}: {
  apiKey: ApiKey | null;
  onOpenChange: (open: boolean) => void;
  onConfirm: (apiKey: ApiKey) => void;
}) {
  return (
    <ConfirmDialog
      open={apiKey !== null}
      onOpenChange={onOpenChange}
      title={`Revoke “${apiKey?.name ?? ''}”?`}
      description={`Requests that use the key ${apiKey?.prefix ?? ''}… will be refused immediately. This cannot be undone.`}
      confirmLabel="Revoke"
      onConfirm={() => apiKey && onConfirm(apiKey)}
    />
  );
}

function KeysTable({ keys, onRevoke }: { keys: ApiKey[]; onRevoke: (key: ApiKey) => void }) {
  return (
    <Table aria-label="API keys">
      <TableHeader>
        <TableRow>
          <TableHead>Name</TableHead>
          <TableHead>Key</TableHead>
          <TableHead>Created</TableHead>
          <TableHead>Last used</TableHead>
          <TableHead className="w-0">
            <span className="sr-only">Actions</span>
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {keys.map((key) => (
          <TableRow key={key.id}>
            <TableCell className="font-medium">{key.name}</TableCell>
            <TableCell>
              <code className="font-mono text-[0.8125rem]">{key.prefix}…</code>
            </TableCell>
            <TableCell>{formatDate(key.created_at)}</TableCell>
            <TableCell>{key.last_used_at ? formatTimeAgo(key.last_used_at) : 'Never'}</TableCell>
            <TableCell>
              <Button
                variant="ghost"
                size="sm"
                onClick={() => onRevoke(key)}
                aria-label={`Revoke ${key.name}`}
              >
                <Trash2Icon aria-hidden="true" />
                Revoke
              </Button>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/**
 * Settings → API Keys: create a key (shown once), see the keys by name and prefix with when they were created and
 * last used, revoke one. Plans without API access (Starter) see why and where to upgrade.
 */
export function ApiKeysCard({ planId }: { planId: PlanId | null }) {
  const plan = planId ? PLANS[planId] : null;
  const allowed = plan?.apiAccess ?? true;
  const keys = useApiKeys();
  const create = useCreateApiKey();
  const revoke = useRevokeApiKey();
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | undefined>();
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const section = useRef<HTMLDivElement>(null);

  // Arriving from an older link (/settings#api-keys, which now opens /settings/api-keys).
  useEffect(() => {
    if (window.location.hash === `#${API_KEYS_SECTION_ID}`)
      section.current?.scrollIntoView({ block: 'start' });
  }, []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = createApiKeyInputSchema.safeParse({ name });
    if (!parsed.success) {
      setNameError(parsed.error.issues[0]?.message);
      return;
    }
    setNameError(undefined);
    create.mutate(parsed.data, {
      onSuccess: (key) => {
        setName('');
        setCreated(key);
      },
    });
  };

  return (
    <Card ref={section} id={API_KEYS_SECTION_ID} className="scroll-mt-20" aria-labelledby="api-keys-heading">
      <CardHeader>
        <CardTitle as="h2" id="api-keys-heading" className="flex items-center gap-2">
          <KeyRoundIcon aria-hidden="true" className="size-4 text-primary" />
          API Keys
        </CardTitle>
        <CardDescription>
          Keys let your own software schedule calls, manage contacts and follow results through the API. See
          the{' '}
          <Link to={paths.api} className="font-medium text-primary underline underline-offset-4">
            API documentation
          </Link>
          .
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        {allowed ? (
          <form onSubmit={submit} noValidate className="flex flex-col gap-3 sm:flex-row sm:items-start">
            <FormField id="api-key-name" label="Key name" error={nameError} className="sm:max-w-sm sm:flex-1">
              <Input
                id="api-key-name"
                value={name}
                maxLength={100}
                placeholder="e.g. Booking system"
                onChange={(event) => setName(event.target.value)}
                aria-invalid={nameError ? true : undefined}
                aria-describedby={nameError ? fieldMessageId('api-key-name') : undefined}
              />
            </FormField>
            <Button type="submit" disabled={create.isPending} className="sm:mt-[1.375rem]">
              {create.isPending ? 'Creating...' : 'Create API Key'}
            </Button>
          </form>
        ) : (
          <div className="flex flex-col gap-3 rounded-lg border bg-muted/40 p-4 sm:flex-row sm:items-center sm:justify-between">
            <p className="text-sm">
              API access is not included in the {plan?.name} plan. Upgrade to Professional or Enterprise to
              create API keys.
            </p>
            <Button asChild variant="outline">
              <Link to={paths.pricing}>Compare plans</Link>
            </Button>
          </div>
        )}

        {keys.isPending ? (
          <p className="text-sm text-muted-foreground" role="status">
            Loading API keys...
          </p>
        ) : keys.isError ? (
          <p className="text-sm text-destructive">Your API keys could not be loaded.</p>
        ) : keys.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">No API keys yet.</p>
        ) : (
          <KeysTable keys={keys.data} onRevoke={setRevoking} />
        )}
      </CardContent>

      <NewKeyDialog created={created} onClose={() => setCreated(null)} />
      <RevokeDialog
        apiKey={revoking}
        onOpenChange={(open) => !open && setRevoking(null)}
        onConfirm={(key) => {
          setRevoking(null);
          revoke.mutate({ id: key.id, name: key.name });
        }}
      />
    </Card>
  );
}
