import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { messagesQueryKey } from '@/features/messages/api/get-message-threads';
import { followEventStream } from '@/lib/event-stream';

/** At most one refresh per this interval, however many events arrive. */
const THROTTLE_MS = 500;

/**
 * Keeps the Messages page live while it is open: follows `GET /v1/events` for the signed-in account (on the
 * workspace's connection, shared: lib/event-stream.ts) and fetches the conversations again on each text the server
 * announces (`event: message`: a new one, a reply, a status), and after a reconnect, when changes may have been
 * missed.
 */
export function useLiveMessageUpdates(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let last = 0;
    const request = () => {
      if (timer) return;
      timer = setTimeout(
        () => {
          timer = undefined;
          last = Date.now();
          void queryClient.invalidateQueries({ queryKey: messagesQueryKey });
        },
        Math.max(0, last + THROTTLE_MS - Date.now()),
      );
    };
    const stream = followEventStream('/events', {
      // `event: message` ({id, status}): a text was written, received, or changed status.
      onEvent: (event) => {
        if (event.event === 'message') request();
      },
      onOpen: ({ resumed }) => {
        if (resumed) request();
      },
    });
    return () => {
      stream.stop();
      clearTimeout(timer);
    };
  }, [queryClient]);
}
