import { z } from 'zod';
import { defineJob } from '../../../infra/queue.ts';
import type { CalendarConnectionService } from './calendar-connections.ts';

export const CALENDAR_REFRESH = 'calendar-refresh';

/** Every 15 minutes: each ICS subscription read again (decision 016); last_synced_at / last_error written. */
export function calendarRefreshJob(connections: () => CalendarConnectionService) {
  return defineJob({
    name: CALENDAR_REFRESH,
    schema: z.object({}).passthrough(),
    cron: '*/15 * * * *',
    handler: async () => {
      await connections().refreshAll();
    },
  });
}
