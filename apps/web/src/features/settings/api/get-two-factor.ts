import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { authRequest, loadAuthClient } from '@/lib/auth-client';

/** The user's authenticator app, once verified (an unverified one is a set-up that was never finished). */
export interface AuthenticatorFactor {
  id: string;
  friendlyName: string;
  createdAt: string;
}

/** How many unused recovery codes the user has, and when they were made (null: none made yet). */
export interface RecoveryCodeStatus {
  remaining: number;
  createdAt: string | null;
}

export interface TwoFactor {
  /** Null when two-factor sign-in is off. */
  factor: AuthenticatorFactor | null;
  /** Null when two-factor sign-in is off. */
  recoveryCodes: RecoveryCodeStatus | null;
}

const recoveryCodeStatusSchema = z.object({
  remaining: z.number().int().nonnegative(),
  created_at: z.string().nullable(),
});

/** GET /auth/v1/recovery_codes: only the count and the date, never the codes. */
export async function getRecoveryCodeStatus(): Promise<RecoveryCodeStatus> {
  const status = recoveryCodeStatusSchema.parse(await authRequest('/recovery_codes'));
  return { remaining: status.remaining, createdAt: status.created_at };
}

/** Whether two-factor sign-in is on (a verified TOTP factor), and the recovery codes left when it is. */
export async function getTwoFactor(): Promise<TwoFactor> {
  const { data, error } = await (await loadAuthClient()).mfa.listFactors();
  if (error) throw error;
  const verified = data.totp[0];
  if (!verified) return { factor: null, recoveryCodes: null };
  return {
    factor: {
      id: verified.id,
      friendlyName: verified.friendly_name || 'Authenticator app',
      createdAt: verified.created_at,
    },
    recoveryCodes: await getRecoveryCodeStatus(),
  };
}

export const twoFactorQueryKey = ['two-factor'] as const;

export const twoFactorQueryOptions = () =>
  queryOptions({
    queryKey: twoFactorQueryKey,
    queryFn: getTwoFactor,
    meta: { errorTitle: 'Error loading two-factor sign-in' },
  });

export function useTwoFactor() {
  return useQuery(twoFactorQueryOptions());
}
