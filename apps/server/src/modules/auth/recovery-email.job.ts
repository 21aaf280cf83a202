import { z } from 'zod';
import { defineJob } from '../../infra/queue.ts';
import type { AuthService } from './auth.service.ts';

export const RECOVERY_EMAIL = 'auth-recovery-email';

export const recoveryEmailPayload = z.object({ email: z.string(), redirect_to: z.url() });
export type RecoveryEmailPayload = z.infer<typeof recoveryEmailPayload>;

/** Looks the address up and, when it has an account, e-mails a reset link. */
export function recoveryEmailJob(auth: () => AuthService) {
  return defineJob({
    name: RECOVERY_EMAIL,
    schema: recoveryEmailPayload,
    pollingIntervalSeconds: 0.5,
    handler: (payload) => auth().sendRecoveryEmail(payload),
  });
}
