import { PLANS, type PlanId } from '@callwise/shared/plans';
import { useQuery } from '@tanstack/react-query';
import { dashboardQueryOptions } from '@/features/dashboard/api/get-dashboard';

/**
 * The sidebar badge: "Trial: 7/10 calls remaining", or on a paid plan "Professional: 420/500 calls left this
 * month". It reads the dashboard's answer (same query, so one request serves both); until that arrives there
 * is no badge, and when a later request fails the last known numbers stay.
 */
export function useTrialUsage(): string | null {
  const { data } = useQuery(dashboardQueryOptions());
  if (!data) return null;
  const { plan, remaining, included } = data.usage;
  if (plan === 'trial') return `Trial: ${remaining}/${included} calls remaining`;
  const name = PLANS[plan as PlanId]?.name ?? plan;
  return `${name}: ${remaining}/${included} calls left this month`;
}
