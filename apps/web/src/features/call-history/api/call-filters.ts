import type { CallDirection, CallOutcome, CallView, StatusGroup } from '@callwise/shared/calls';

/**
 * What the call history shows: a view (every call, or those needing attention), a search on recipient name or
 * phone, a status group, an outcome, a campaign and a direction (placed by the business, or to its number).
 */
export interface CallFilters {
  q: string;
  status: StatusGroup | 'all';
  outcome?: CallOutcome | 'all';
  campaignId?: string | null;
  view?: CallView;
  direction?: CallDirection | 'all';
}

/** The filters as the list, the summary and the export take them. */
export function callFilterParams({
  q,
  status,
  outcome,
  campaignId,
  view,
  direction,
}: CallFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (view && view !== 'all') params.set('view', view);
  if (q.trim()) params.set('q', q.trim());
  if (status !== 'all') params.set('status', status);
  if (outcome && outcome !== 'all') params.set('outcome', outcome);
  if (campaignId) params.set('campaign_id', campaignId);
  if (direction && direction !== 'all') params.set('direction', direction);
  return params;
}

/** The filters as a query key: every one of them, so that no filter is ever served another's page. */
export const callFilterKey = (filters: CallFilters) => ({
  view: filters.view ?? 'all',
  q: filters.q.trim(),
  status: filters.status,
  outcome: filters.outcome ?? 'all',
  campaignId: filters.campaignId ?? null,
  direction: filters.direction ?? 'all',
});
