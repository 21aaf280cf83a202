import { callEventSchema } from '@callwise/shared/schemas/calls';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { followEventStream } from '@/lib/event-stream';
import { callsQueryKey, dashboardQueryKey } from '@/lib/query-keys';

/** At most one refresh per this interval, however many call events arrive (a burst of dispatched calls). */
const THROTTLE_MS = 500;

function throttledRefresh(queryClient: QueryClient) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let last = 0;
  const run = () => {
    timer = undefined;
    last = Date.now();
    // Call history (lists, summaries, the open call) and the dashboard, which feeds the sidebar's usage badge.
    void queryClient.invalidateQueries({ queryKey: callsQueryKey });
    void queryClient.invalidateQueries({ queryKey: dashboardQueryKey });
  };
  return {
    request() {
      if (timer) return;
      timer = setTimeout(run, Math.max(0, last + THROTTLE_MS - Date.now()));
    },
    cancel() {
      clearTimeout(timer);
    },
  };
}

/**
 * Keeps call history, the dashboard and the sidebar badge live: follows `GET /v1/events` for the signed-in
 * account and refreshes the call queries whenever a call changes. Mount once, in the signed-in layout.
 */
export function useLiveCallUpdates(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const refresh = throttledRefresh(queryClient);
    const stream = followEventStream('/events', {
      onEvent: (event) => {
        if (event.event !== 'call') return;
        let payload: unknown;
        try {
          payload = JSON.parse(event.data);
        } catch {
          return;
        }
        if (callEventSchema.safeParse(payload).success) refresh.request();
      },
      // Changes may have happened while the stream was down.
      onOpen: ({ resumed }) => {
        if (resumed) refresh.request();
      },
    });
    return () => {
      stream.stop();
      refresh.cancel();
    };
  }, [queryClient]);
}
