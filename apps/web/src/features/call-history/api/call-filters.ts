import type { StatusGroup } from '@callwise/shared/calls';

/** What the call history shows: a search on recipient name or phone, and a status group. */
export interface CallFilters {
  q: string;
  status: StatusGroup | 'all';
}

/** `q` and `status` as the list, the summary and the export take them. */
export function callFilterParams({ q, status }: CallFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (q.trim()) params.set('q', q.trim());
  if (status !== 'all') params.set('status', status);
  return params;
}
