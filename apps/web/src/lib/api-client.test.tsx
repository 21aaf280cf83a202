// Runs in the `web` project (jsdom and MSW) as a .tsx file: the API client needs a page and a stored session.
import { callingRulesSchema } from '@callwise/shared/schemas/calling-rules';
import { screen } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { api, apiBlob } from '@/lib/api-client';
import { ApiError } from '@/lib/api-error';
import { AUTH_STORAGE_KEY, signingOutOnPurpose } from '@/lib/auth-client';
import { publicRequest } from '@/lib/public-api';
import * as fixtures from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { apiError, reply, server, url } from '@/test/server';
import { storeSession } from '@/test/session';

const rejection = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected a rejection');
    },
    (error: unknown) => error,
  );

describe('the API client', () => {
  it('sends the stored session’s token and JSON, and checks the answer with the schema', async () => {
    storeSession();
    let seen: { authorization: string | null; type: string | null; body: unknown } | undefined;
    server.use(
      http.patch(url('/v1/account/calling-rules'), async ({ request }) => {
        seen = {
          authorization: request.headers.get('authorization'),
          type: request.headers.get('content-type'),
          body: await request.json(),
        };
        return reply(callingRulesSchema, fixtures.callingRules({ daily_call_cap: 3 }));
      }),
    );

    const rules = await api.patch('/account/calling-rules', { daily_call_cap: 3 }, callingRulesSchema);

    expect(rules.daily_call_cap).toBe(3);
    const stored = JSON.parse(localStorage.getItem(AUTH_STORAGE_KEY) ?? '{}') as { access_token: string };
    expect(seen).toEqual({
      authorization: `Bearer ${stored.access_token}`,
      type: 'application/json',
      body: { daily_call_cap: 3 },
    });
  });

  it('signs out only once the requests on their way are answered, and sends none meanwhile', async () => {
    storeSession();
    const order: string[] = [];
    let answer: () => void = () => undefined;
    server.use(
      http.get(url('/v1/account/calling-rules'), async () => {
        order.push('asked');
        await new Promise<void>((resolve) => {
          answer = resolve;
        });
        order.push('answered');
        return reply(callingRulesSchema, fixtures.callingRules());
      }),
      http.get(url('/v1/voices'), () => {
        order.push('voices sent');
        return HttpResponse.json({ data: [] });
      }),
    );
    const loading = api.get('/account/calling-rules', callingRulesSchema);
    await vi.waitFor(() => expect(order).toEqual(['asked']));

    const signedOut = signingOutOnPurpose(async () => {
      order.push('signed out');
    });
    // Asked for while signing out: refused here, never sent with the ending session.
    const later = await rejection(api.get('/voices', callingRulesSchema));
    expect(later).toMatchObject({ status: 401 });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(order).toEqual(['asked']);

    answer();
    await expect(loading).resolves.toMatchObject({ daily_call_cap: expect.any(Number) });
    await signedOut;
    expect(order).toEqual(['asked', 'answered', 'signed out']);
  });

  it('signs out after 3 s even when a request on its way never comes back', async () => {
    storeSession();
    let release: () => void = () => undefined;
    server.use(
      http.get(url('/v1/account/calling-rules'), async () => {
        await new Promise<void>((resolve) => {
          release = resolve;
        });
        return reply(callingRulesSchema, fixtures.callingRules());
      }),
    );
    const stuck = api.get('/account/calling-rules', callingRulesSchema);
    const began = Date.now();
    let signedOutAfter = -1;
    await signingOutOnPurpose(async () => {
      signedOutAfter = Date.now() - began;
    });
    expect(signedOutAfter).toBeGreaterThanOrEqual(2900);
    expect(signedOutAfter).toBeLessThan(4500);
    release();
    await stuck;
  }, 10_000);

  it('refuses an answer that does not match the schema', async () => {
    storeSession();
    server.use(
      http.get(url('/v1/account/calling-rules'), () => HttpResponse.json({ daily_call_cap: 'two' })),
    );
    await expect(api.get('/account/calling-rules', callingRulesSchema)).rejects.toThrow(
      /calling_window_start/,
    );
  });

  it('throws the server’s error as an ApiError with its code, message and details', async () => {
    storeSession();
    const details = [{ field: 'phone', message: 'Enter a valid number.' }];
    server.use(
      http.post(url('/v1/calls'), () => apiError(400, 'validation_failed', 'Invalid input', details)),
    );

    const error = await rejection(api.post('/calls', {}, callingRulesSchema));

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      code: 'validation_failed',
      message: 'Invalid input',
      details,
    });
  });

  it('says the server could not be reached, and an unreadable error by its status', async () => {
    storeSession();
    server.use(
      http.get(url('/v1/voices'), () => HttpResponse.error()),
      http.get(url('/v1/me'), () => new HttpResponse('<html>Bad gateway</html>', { status: 502 })),
    );
    expect(await rejection(api.get('/voices', callingRulesSchema))).toMatchObject({
      status: 0,
      code: 'network_error',
      message: 'Could not reach the server. Check your connection and try again.',
    });
    expect(await rejection(api.get('/me', callingRulesSchema))).toMatchObject({
      status: 502,
      code: 'http_error',
      message: 'The server answered 502.',
    });
  });

  it('sends nothing without a session', async () => {
    const error = await rejection(api.get('/me', callingRulesSchema));
    expect(error).toMatchObject({ status: 401, code: 'unauthorized', message: 'Sign in to continue.' });
  });

  it('ends the session on a 401: the user is told and the stored session is removed', async () => {
    renderWithProviders(<p>Page</p>);
    server.use(
      http.get(url('/v1/me'), () =>
        apiError(401, 'unauthorized', 'Your session has expired. Sign in again.'),
      ),
    );

    const error = await rejection(api.get('/me', callingRulesSchema));

    expect(error).toMatchObject({ status: 401 });
    expect(await screen.findByText('Session Ended')).toBeInTheDocument();
    expect(screen.getByText('Your session has expired. Sign in again.')).toBeInTheDocument();
    expect(localStorage.getItem(AUTH_STORAGE_KEY)).toBeNull();
  });

  it('reads a file answer with its headers', async () => {
    storeSession();
    server.use(
      http.post(
        url('/v1/voices/preview'),
        () =>
          new HttpResponse('RIFF', { headers: { 'content-type': 'audio/wav', 'x-audio-duration': '2.5' } }),
      ),
    );
    const { blob, response } = await apiBlob('/voices/preview', { method: 'POST', body: { text: 'Hi' } });
    expect(await blob.text()).toBe('RIFF');
    expect(response.headers.get('x-audio-duration')).toBe('2.5');
  });
});

describe('publicRequest', () => {
  it('sends no token, and reads the auth server’s error shapes too', async () => {
    let authorization: string | null = 'unset';
    server.use(
      http.post(url('/v1/support/messages'), ({ request }) => {
        authorization = request.headers.get('authorization');
        return HttpResponse.json(
          { code: 422, error_code: 'weak_password', msg: 'Password is too weak' },
          { status: 422 },
        );
      }),
    );
    const error = await rejection(publicRequest('/support/messages', callingRulesSchema, { body: {} }));
    expect(authorization).toBeNull();
    expect(error).toMatchObject({ status: 422, code: 'weak_password', message: 'Password is too weak' });
  });
});
