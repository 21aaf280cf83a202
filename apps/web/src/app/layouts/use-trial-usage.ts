import { TRIAL_CALLS } from '@callwise/shared/product';

export interface TrialUsage {
  used: number;
  total: number;
}

/**
 * The account's free-trial usage for the sidebar badge. The workspace issue fills this from the account's
 * call count on the server; until then an account shows its whole trial allowance, which is true for a new
 * account and invents no numbers.
 */
export function useTrialUsage(): TrialUsage {
  return { used: 0, total: TRIAL_CALLS };
}
