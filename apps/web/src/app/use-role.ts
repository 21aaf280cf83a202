import type { Role } from '@callwise/shared/roles';
import { useQuery } from '@tanstack/react-query';
import { meQueryOptions } from '@/features/settings/api/get-me';

/**
 * The signed-in member's role in their business (GET /v1/me, decision 035), or null while it is not known yet.
 * What the role cannot use is hidden; the server refuses it anyway (403 forbidden_role).
 */
export function useRole(): Role | null {
  // The workspace reads /v1/me already (the business's time zone): the same query, no second request.
  const { data } = useQuery({ ...meQueryOptions(), meta: { silentErrors: true } });
  return data?.role ?? null;
}
