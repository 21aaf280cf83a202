import { toast } from 'sonner';
import type { z } from 'zod';
import { ApiError } from '@/lib/api-error';
import { getAccessToken, loadAuthClient, trackRequest } from '@/lib/auth-client';
import { sendToApi } from '@/lib/public-api';
import { requireTwoFactorEnrollment } from '@/lib/two-factor-enrollment';

let endingSession: Promise<void> | null = null;
/** Set while the user ends their own session on purpose (leaving the business): a 401 meanwhile is no news. */
let endingOnPurpose = false;

/**
 * The error hook for a 401: the session has ended on the server (signed out elsewhere, password changed,
 * expired). Forget it here too, once however many calls fail together; the route guard then sends the user
 * to the sign-in page with the page they were on as the return path.
 */
function sessionEnded(message: string): Promise<void> {
  endingSession ??= (async () => {
    if (!endingOnPurpose) toast.error('Session Ended', { description: message });
    await (await loadAuthClient()).signOut({ scope: 'local' });
  })().finally(() => {
    endingSession = null;
  });
  return endingSession;
}

let refreshingAssurance: Promise<void> | null = null;

/**
 * The error hook for a 403 `mfa_required`: the session is at aal1 but its user has turned on two-factor sign-in
 * (on another device, after this session was stored with no factor). A refreshed session carries the user's
 * factors, so the auth state turns to `mfa-required` and the route guard shows the code step.
 */
function secondFactorRequired(): Promise<void> {
  refreshingAssurance ??= (async () => {
    await (await loadAuthClient()).refreshSession();
  })().finally(() => {
    refreshingAssurance = null;
  });
  return refreshingAssurance;
}

/**
 * Runs `work`, which ends this session on the server itself (leaving the business): a request that other code
 * makes meanwhile with the ending session (a live update, a refresh) is refused quietly, without "Session Ended".
 */
export async function endingSessionOnPurpose<T>(work: () => Promise<T>): Promise<T> {
  endingOnPurpose = true;
  try {
    return await work();
  } finally {
    endingOnPurpose = false;
  }
}

export interface ApiRequest<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON. */
  body?: unknown;
  /** Checks and types the answer. */
  schema: z.ZodType<T>;
  signal?: AbortSignal;
}

/**
 * Sends one authenticated request to `/v1`: the session's bearer token, an optional JSON body, and every failure
 * thrown as an ApiError (error bodies are JSON; a 401 ends the session; a 403 `mfa_required` refreshes the session
 * for the code step, a 403 `mfa_enrollment_required` sends the member to set up a second factor). It counts as on
 * its way until answered (`trackRequest`: signing out waits for it).
 */
function send(path: string, options: SendOptions): Promise<Response> {
  return trackRequest(sendWithToken(path, options));
}

interface SendOptions {
  method: string;
  body?: unknown;
  signal?: AbortSignal;
  accept?: string;
}

async function sendWithToken(path: string, { method, body, signal, accept }: SendOptions): Promise<Response> {
  const token = await getAccessToken();
  if (!token) throw new ApiError(401, 'unauthorized', 'Sign in to continue.');
  const headers: Record<string, string> = { authorization: `Bearer ${token}` };
  if (accept) headers.accept = accept;
  try {
    return await sendToApi(path, { method, body, signal, headers });
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) await sessionEnded(error.message);
    if (error instanceof ApiError && error.status === 403 && error.code === 'mfa_required') {
      await secondFactorRequired().catch(() => undefined);
    }
    // The business requires two-factor sign-in and this member has none yet: the workspace shows its set-up.
    if (error instanceof ApiError && error.status === 403 && error.code === 'mfa_enrollment_required') {
      requireTwoFactorEnrollment();
    }
    throw error;
  }
}

/**
 * The one way the web app calls the JSON API (`/v1`, same origin): JSON in and out, the answer checked against
 * the shared zod schema.
 */
export async function apiRequest<T>(path: string, { method = 'GET', body, schema, signal }: ApiRequest<T>) {
  const response = await send(path, { method, body, signal, accept: 'application/json' });
  if (response.status === 204) return schema.parse(null);
  return schema.parse(await response.json());
}

export interface ApiBlobRequest {
  method?: 'GET' | 'POST';
  /** Sent as JSON. */
  body?: unknown;
  signal?: AbortSignal;
}

/**
 * Calls an API endpoint that answers with a file (audio, CSV) rather than JSON. Returns the bytes and the
 * response, for its headers.
 */
export async function apiBlob(
  path: string,
  { method = 'GET', body, signal }: ApiBlobRequest = {},
): Promise<{ blob: Blob; response: Response }> {
  const response = await send(path, { method, body, signal });
  return { blob: await response.blob(), response };
}

/**
 * Downloads a file the API makes (a CSV export) with the session's token, and saves it under the name the
 * server gives in Content-Disposition.
 */
export async function apiDownload(path: string, fallbackName: string): Promise<void> {
  const { blob, response } = await apiBlob(path);
  const name =
    /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? fallbackName;
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export const api = {
  get: <T>(path: string, schema: z.ZodType<T>, signal?: AbortSignal) => apiRequest(path, { schema, signal }),
  post: <T>(path: string, body: unknown, schema: z.ZodType<T>) =>
    apiRequest(path, { method: 'POST', body, schema }),
  put: <T>(path: string, body: unknown, schema: z.ZodType<T>) =>
    apiRequest(path, { method: 'PUT', body, schema }),
  patch: <T>(path: string, body: unknown, schema: z.ZodType<T>) =>
    apiRequest(path, { method: 'PATCH', body, schema }),
  delete: <T>(path: string, schema: z.ZodType<T>) => apiRequest(path, { method: 'DELETE', schema }),
};
