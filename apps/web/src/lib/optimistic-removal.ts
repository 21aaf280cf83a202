import type { InfiniteData, QueryClient, QueryKey } from '@tanstack/react-query';

type Paged = { data: { id: string }[] };

/**
 * The optimistic half of a "remove a row from a paged list" mutation: `onMutate` takes the row
 * out of every cached page under `queryKey` at once, `onError` puts the pages back.
 */
export function optimisticRemoval<TVariables>(
  queryClient: QueryClient,
  queryKey: QueryKey,
  idOf: (variables: TVariables) => string,
) {
  return {
    onMutate: async (variables: TVariables) => {
      const id = idOf(variables);
      await queryClient.cancelQueries({ queryKey });
      const previous = queryClient.getQueriesData<InfiniteData<Paged>>({ queryKey });
      queryClient.setQueriesData<InfiniteData<Paged>>({ queryKey }, (data) =>
        data
          ? {
              ...data,
              pages: data.pages.map((page) => ({
                ...page,
                data: page.data.filter((item) => item.id !== id),
              })),
            }
          : data,
      );
      return { previous };
    },
    onError: (_error: unknown, _variables: TVariables, context?: { previous: [QueryKey, unknown][] }) => {
      for (const [key, data] of context?.previous ?? []) queryClient.setQueryData(key, data);
    },
  };
}
