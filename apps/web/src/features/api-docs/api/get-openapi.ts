import { queryOptions, useQuery } from '@tanstack/react-query';
import { type OpenApiDocument, openApiDocumentSchema } from '@/features/api-docs/utils/openapi';
import { publicRequest } from '@/lib/public-api';

/**
 * The API's OpenAPI document, as the server publishes it (`/v1/openapi.json`, no sign-in needed): the page
 * renders its endpoints from it, so the documentation cannot drift from the API.
 */
export function getOpenApi(signal?: AbortSignal): Promise<OpenApiDocument> {
  return publicRequest('/openapi.json', openApiDocumentSchema, { method: 'GET', signal });
}

export const openApiQueryOptions = () =>
  queryOptions({
    queryKey: ['openapi'] as const,
    queryFn: ({ signal }) => getOpenApi(signal),
    staleTime: Number.POSITIVE_INFINITY,
    meta: { silentErrors: true },
  });

export function useOpenApi() {
  return useQuery(openApiQueryOptions());
}
