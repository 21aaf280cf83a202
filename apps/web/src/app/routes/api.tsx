import { PRODUCT_NAME } from '@callwise/shared/product';
import { BookOpenIcon, CodeXmlIcon, KeyRoundIcon, ListTreeIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { LoadError } from '@/components/load-error';
import { Spinner } from '@/components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useOpenApi } from '@/features/api-docs/api/get-openapi';
import { AuthenticationTab } from '@/features/api-docs/components/authentication-tab';
import { EndpointsTab } from '@/features/api-docs/components/endpoints-tab';
import { ExamplesTab } from '@/features/api-docs/components/examples-tab';
import { OverviewTab } from '@/features/api-docs/components/overview-tab';
import { groupOperations, readOperations, serverUrl } from '@/features/api-docs/utils/openapi';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { errorMessage } from '@/lib/errors';
import { cn } from '@/lib/utils';

const TABS = [
  { id: 'overview', label: 'Overview', icon: BookOpenIcon },
  { id: 'authentication', label: 'Authentication', icon: KeyRoundIcon },
  { id: 'endpoints', label: 'Endpoints', icon: ListTreeIcon },
  { id: 'examples', label: 'Examples', icon: CodeXmlIcon },
] as const;
type TabId = (typeof TABS)[number]['id'];

/**
 * API documentation (product spec section 2): a sidebar of four tabs — Overview, Authentication, Endpoints,
 * Examples — whose endpoints and examples come from the server's OpenAPI document at /v1/openapi.json. The tab
 * is kept in the address (#endpoints), so a tab can be linked to. In the workspace for a signed-in user, public
 * for a visitor.
 */
export default function ApiPage() {
  const { status } = useAuth();
  const inWorkspace = status === 'signed-in';
  const location = useLocation();
  const navigate = useNavigate();
  const hash = location.hash.replace('#', '');
  const tab: TabId = TABS.some((t) => t.id === hash) ? (hash as TabId) : 'overview';
  const openApi = useOpenApi();

  const document = openApi.data;
  const operations = document ? readOperations(document) : [];
  const server = document ? serverUrl(document) : window.location.origin;

  const content = (render: () => ReactNode) =>
    openApi.isPending ? (
      <Spinner size="sm" label="Loading the API reference..." className="justify-start py-10" />
    ) : openApi.isError ? (
      <LoadError
        title="The API reference could not be loaded"
        message={errorMessage(openApi.error)}
        retrying={openApi.isFetching}
        onRetry={() => void openApi.refetch()}
      />
    ) : (
      render()
    );

  return (
    <div
      className={cn('grid grid-cols-1 gap-6', !inWorkspace && 'mx-auto w-full max-w-6xl px-4 py-10 sm:px-6')}
    >
      <div className="grid gap-2">
        {inWorkspace ? null : (
          <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">API Documentation</h1>
        )}
        <p className="max-w-3xl text-muted-foreground">
          Create calls and manage contacts from your own software with the {PRODUCT_NAME} REST API. It speaks
          JSON over HTTPS and uses the same data you see in the app.
        </p>
      </div>

      <Tabs
        value={tab}
        onValueChange={(value) =>
          void navigate({ hash: value === 'overview' ? '' : value }, { replace: true })
        }
        orientation="vertical"
        className="gap-6 lg:flex-row lg:items-start"
      >
        <TabsList
          aria-label="API documentation"
          data-testid="api-docs-sidebar"
          // Two by two on a phone, one row from 640 px, a column beside the page on a wide screen: never cut off.
          className="grid h-auto w-full grid-cols-2 sm:flex lg:sticky lg:top-20 lg:w-52 lg:shrink-0 lg:flex-col lg:items-stretch"
        >
          {TABS.map((t) => (
            <TabsTrigger key={t.id} value={t.id} className="py-1.5 lg:justify-start">
              <t.icon aria-hidden="true" />
              {t.label}
            </TabsTrigger>
          ))}
        </TabsList>
        <div className="min-w-0 flex-1">
          <TabsContent value="overview">
            {content(() => (
              <OverviewTab server={server} operations={operations} />
            ))}
          </TabsContent>
          <TabsContent value="authentication">
            <AuthenticationTab operations={operations} />
          </TabsContent>
          <TabsContent value="endpoints">
            {content(() =>
              document ? (
                <EndpointsTab groups={groupOperations(document, operations)} server={server} />
              ) : null,
            )}
          </TabsContent>
          <TabsContent value="examples">
            {content(() => (
              <ExamplesTab operations={operations} server={server} />
            ))}
          </TabsContent>
        </div>
      </Tabs>
    </div>
  );
}
