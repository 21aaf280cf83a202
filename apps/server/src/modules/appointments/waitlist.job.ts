import { z } from 'zod';
import { defineJob } from '../../infra/queue.ts';
import type { WaitlistService } from './waitlist.service.ts';

export const WAITLIST_OFFERS = 'waitlist-offers';

/** Every minute: each open offer of a freed slot goes to the next waiting contact once the last call ended. */
export function waitlistJob(waitlist: () => WaitlistService) {
  return defineJob({
    name: WAITLIST_OFFERS,
    schema: z.object({}).passthrough(),
    cron: '* * * * *',
    handler: async () => {
      await waitlist().advance();
    },
  });
}
