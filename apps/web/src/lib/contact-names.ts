import { contactSchema } from '@callwise/shared/schemas/contacts';
import { useQueries } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export function getContact(id: string, signal?: AbortSignal) {
  return api.get(`/contacts/${encodeURIComponent(id)}`, contactSchema, signal);
}

/**
 * The names of the contacts appointments are with (an appointment carries only its contact's id), one request per
 * contact, cached under the contacts key: editing a contact renames it here too. A missing one reads as undefined.
 */
export function useContactNames(ids: string[]): Map<string, string> {
  const unique = [...new Set(ids)];
  const results = useQueries({
    queries: unique.map((id) => ({
      queryKey: ['contacts', 'detail', id],
      queryFn: ({ signal }: { signal: AbortSignal }) => getContact(id, signal),
      staleTime: 60_000,
      // A deleted contact is not worth a toast: its appointments say so.
      meta: { silentErrors: true },
    })),
  });
  const names = new Map<string, string>();
  results.forEach((result, index) => {
    const id = unique[index];
    if (id && result.data) names.set(id, result.data.name);
  });
  return names;
}
