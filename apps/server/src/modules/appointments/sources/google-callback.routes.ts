import type { FastifyPluginAsync } from 'fastify';
import { GOOGLE_CALLBACK_PATH, GoogleConnectError } from './google-connections.ts';

/** Where Settings → Booking shows its calendar connections. */
const SETTINGS_PATH = '/settings/booking';

/**
 * Where Google sends the user back after its consent page (decision 023), outside /v1: a browser's redirect, so
 * it answers with a redirect to Settings → Booking — `?calendar_connected=<id>` once the connection is made and
 * read, `?calendar_error=<why>` otherwise. The one-time `state` (kept with its PKCE verifier, ten minutes) is the
 * credential: it names the account.
 */
const googleCallbackRoutes: FastifyPluginAsync = async (fastify) => {
  fastify.get<{ Querystring: Record<string, string | undefined> }>(
    GOOGLE_CALLBACK_PATH,
    { schema: { hide: true } },
    async (request, reply) => {
      const { state, code, error } = request.query;
      const back = (query: Record<string, string>) =>
        reply.redirect(`${SETTINGS_PATH}?${new URLSearchParams(query).toString()}`, 303);
      if (error || !state || !code) {
        return back({
          calendar_error:
            error === 'access_denied'
              ? 'Google Calendar was not connected: access was not allowed.'
              : 'Google Calendar was not connected: Google sent no sign-in back.',
        });
      }
      try {
        const row = await fastify.services.calendars.completeGoogle(state, code);
        return back({ calendar_connected: row.id });
      } catch (failure) {
        if (!(failure instanceof GoogleConnectError)) throw failure;
        return back({ calendar_error: failure.message });
      }
    },
  );
};

export default googleCallbackRoutes;
