import { queryOptions, useQuery } from '@tanstack/react-query';
import { type OpenApiDocument, openApiDocumentSchema } from '@/features/api-docs/utils/openapi';
import { ApiError } from '@/lib/api-error';

/**
 * The API's OpenAPI document, as the server publishes it (`/v1/openapi.json`, no sign-in needed): the page
 * renders its endpoints from it, so the documentation cannot drift from the API.
 */
export async function getOpenApi(signal?: AbortSignal): Promise<OpenApiDocument> {
  let response: Response;
  try {
    response = await fetch('/v1/openapi.json', { headers: { accept: 'application/json' }, signal });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(
      0,
      'network_error',
      'Could not reach the server. Check your connection and try again.',
    );
  }
  if (!response.ok) {
    throw new ApiError(
      response.status,
      'http_error',
      `The API reference could not be loaded (${response.status}).`,
    );
  }
  return openApiDocumentSchema.parse(await response.json());
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
