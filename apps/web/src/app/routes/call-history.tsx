import { roleAllows } from '@callwise/shared/roles';
import type { Call } from '@callwise/shared/schemas/calls';
import { useQuery } from '@tanstack/react-query';
import { DownloadIcon } from 'lucide-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { LoadMore } from '@/components/load-more';
import { PageIntro } from '@/components/page-intro';
import { SimulatedCarrierNote } from '@/components/simulated-carrier-note';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { useCancelCall } from '@/features/call-history/api/cancel-call';
import { useExportCalls } from '@/features/call-history/api/export-calls';
import { callQueryOptions } from '@/features/call-history/api/get-call';
import { useCallSummary } from '@/features/call-history/api/get-call-summary';
import { useCalls } from '@/features/call-history/api/get-calls';
import { CallDetailsSheet } from '@/features/call-history/components/call-details-sheet';
import { CallSummaryCards } from '@/features/call-history/components/call-summary-cards';
import { CallViews } from '@/features/call-history/components/call-views';
import { CallsList } from '@/features/call-history/components/calls-list';
import { CallsToolbar } from '@/features/call-history/components/calls-toolbar';
import { CancelCallDialog } from '@/features/call-history/components/cancel-call-dialog';
import { useCallFilters } from '@/features/call-history/hooks/use-call-filters';
import { useMarkHandled } from '@/features/call-history/hooks/use-mark-handled';
import { useRecordingPlayback } from '@/features/call-history/hooks/use-recording-playback';
import { useCampaigns } from '@/features/campaigns/api/get-campaigns';
import { EditCallDialog } from '@/features/schedule-call/components/edit-call-dialog';
import { meQueryOptions } from '@/features/settings/api/get-me';
import { errorMessage } from '@/lib/errors';
import { cn } from '@/lib/utils';

/** Which call a panel shows; the call stays while the panel closes so its content does not vanish mid-slide. */
interface Panel {
  call: Call | null;
  open: boolean;
}
const closed: Panel = { call: null, open: false };

export default function CallHistoryPage() {
  const {
    filters,
    search,
    setSearch,
    setStatus,
    setOutcome,
    setCampaign,
    setView,
    setDirection,
    openCallId,
    setOpenCall,
    clear,
    filtered,
  } = useCallFilters();
  const needsAttentionView = filters.view === 'needs_attention';
  const calls = useCalls(filters);
  const summary = useCallSummary(filters);
  const exportCalls = useExportCalls();
  const cancelCall = useCancelCall();
  const recordings = useRecordingPlayback();
  // To say whether calls are simulated, and whether the role may export; a failure here is not worth a toast.
  const me = useQuery({ ...meQueryOptions(), meta: { silentErrors: true } });
  const mayExport = me.data ? roleAllows(me.data.role, 'admin') : false;
  const [details, setDetails] = useState<Panel>(closed);
  // A link to one call (`?call=<id>`, e.g. from Settings → Assistant's test call) opens its details.
  const linked = useQuery({ ...callQueryOptions(openCallId ?? ''), enabled: openCallId !== null });
  const linkedCall = openCallId && linked.data?.id === openCallId ? linked.data : null;
  // Opened once per link: a later refetch of the call (live updates) refreshes what the panel shows but never
  // opens it again after it was closed (the address drops `call` a moment after the panel closes).
  const openedFromLink = useRef<string | null>(null);
  useEffect(() => {
    if (!openCallId) openedFromLink.current = null;
  }, [openCallId]);
  useEffect(() => {
    if (!linkedCall) return;
    if (openedFromLink.current !== linkedCall.id) {
      openedFromLink.current = linkedCall.id;
      setDetails({ call: linkedCall, open: true });
    } else {
      setDetails((panel) => (panel.call?.id === linkedCall.id ? { ...panel, call: linkedCall } : panel));
    }
  }, [linkedCall]);
  const [cancelling, setCancelling] = useState<Panel>(closed);
  const [editing, setEditing] = useState<Panel>(closed);
  const searchBox = useRef<HTMLInputElement | null>(null);
  const views = useRef<HTMLDivElement | null>(null);
  const handled = useMarkHandled({
    fallbackFocus: () => views.current?.querySelector<HTMLElement>('[aria-pressed="true"]') ?? null,
  });
  // For the campaign filter: the campaigns loaded so far (the newest, a page of them).
  const campaigns = useCampaigns();
  const campaignOptions = campaigns.data?.pages.flatMap((page) => page.data) ?? [];
  // The button goes away with the filters: the focus goes to the search box, not to the page's body.
  const clearFilters = () => {
    clear();
    searchBox.current?.focus();
  };

  const confirmCancel = (call: Call) =>
    cancelCall.mutate(call.id, {
      onSuccess: () =>
        toast.success('Call cancelled', {
          description: `The call to ${call.recipient_name} will not be placed.`,
        }),
    });

  const loaded = calls.data?.pages.flatMap((page) => page.data) ?? [];
  // In Needs attention, a call marked handled leaves at once (the server's list follows).
  const items = needsAttentionView ? loaded.filter((call) => !handled.hidden.has(call.id)) : loaded;

  let placeholder: ReactNode = null;
  if (calls.isPending) {
    placeholder = <Spinner label="Loading call history..." />;
  } else if (calls.isError && items.length === 0) {
    placeholder = (
      <div role="alert" className="grid justify-items-center gap-3">
        <p className="font-medium">The call history could not be loaded</p>
        <p className="text-sm text-muted-foreground">{errorMessage(calls.error)}</p>
        <Button variant="outline" size="sm" disabled={calls.isFetching} onClick={() => void calls.refetch()}>
          {calls.isFetching ? 'Trying again...' : 'Try again'}
        </Button>
      </div>
    );
  } else if (items.length === 0) {
    placeholder = (
      <div className="grid justify-items-center gap-1">
        <p className="font-medium">No calls found</p>
        <p className="text-sm text-muted-foreground">
          {filtered
            ? (filters.outcome ?? 'all') === 'all' &&
              !filters.campaignId &&
              (filters.direction ?? 'all') === 'all'
              ? 'No call matches this search and status.'
              : 'No call matches these filters.'
            : needsAttentionView
              ? 'Nothing to follow up: no call needs attention.'
              : 'Calls appear here as soon as they are scheduled.'}
        </p>
        {filtered && (
          <Button variant="outline" size="sm" className="mt-3" onClick={clearFilters}>
            Clear filters
          </Button>
        )}
      </div>
    );
  }

  return (
    <div className="grid grid-cols-1 gap-6">
      <PageIntro
        description="Every call you have placed or received, with its status, duration, cost and recording."
        actions={
          // Exports of a whole list are an owner's or admin's (decision 035).
          mayExport ? (
            <Button
              variant="outline"
              disabled={exportCalls.isPending}
              onClick={() => exportCalls.mutate(filters)}
            >
              <DownloadIcon aria-hidden="true" />
              {exportCalls.isPending ? 'Exporting...' : 'Export'}
            </Button>
          ) : undefined
        }
      />

      {me.data?.carrier === 'simulator' && <SimulatedCarrierNote />}

      <CallSummaryCards summary={summary.data} loading={summary.isFetching} />

      <div ref={views}>
        <CallViews
          view={filters.view ?? 'all'}
          onViewChange={setView}
          needsAttention={summary.data?.needs_attention}
        />
      </div>

      <Card className="gap-0 overflow-hidden py-0">
        <CallsToolbar
          searchRef={searchBox}
          search={search}
          onSearchChange={setSearch}
          status={filters.status}
          onStatusChange={setStatus}
          outcome={filters.outcome}
          onOutcomeChange={setOutcome}
          campaignId={filters.campaignId}
          campaigns={campaignOptions}
          onCampaignChange={setCampaign}
          direction={filters.direction}
          onDirectionChange={setDirection}
        />
        <div
          aria-busy={calls.isFetching && !calls.isFetchingNextPage}
          className={cn('transition-opacity', calls.isPlaceholderData && 'opacity-60')}
        >
          <CallsList
            calls={items}
            placeholder={placeholder}
            playback={recordings.playback}
            onPlay={(call) => void recordings.toggle(call.id)}
            onCancel={(call) => setCancelling({ call, open: true })}
            onEdit={(call) => setEditing({ call, open: true })}
            onDetails={(call) => setDetails({ call, open: true })}
            onHandled={handled.markHandled}
          />
        </div>
      </Card>

      {items.length > 0 && (
        <LoadMore
          hasMore={calls.hasNextPage}
          loading={calls.isFetchingNextPage}
          onLoadMore={() => void calls.fetchNextPage()}
          shown={items.length}
          noun={{ one: 'call', other: 'calls' }}
        />
      )}

      <CallDetailsSheet
        call={details.call}
        open={details.open}
        onOpenChange={(open) => {
          setDetails((panel) => ({ ...panel, open }));
          if (!open && openCallId) setOpenCall(null);
        }}
        onCancel={(call) => setCancelling({ call, open: true })}
      />
      <EditCallDialog
        call={editing.call}
        open={editing.open}
        onOpenChange={(open) => setEditing((panel) => ({ ...panel, open }))}
      />
      <CancelCallDialog
        call={cancelling.call}
        open={cancelling.open}
        onOpenChange={(open) => setCancelling((panel) => ({ ...panel, open }))}
        onConfirm={confirmCancel}
      />
      <audio
        ref={recordings.audioRef}
        hidden
        preload="auto"
        data-testid="recording-audio"
        {...recordings.audioEvents}
      />
    </div>
  );
}
