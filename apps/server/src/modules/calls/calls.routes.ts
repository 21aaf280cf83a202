import { setCallHandled } from '@callwise/db/queries/call-edits';
import {
  getCall,
  listCallAttempts,
  listCalls,
  listCallsRaw,
  summarizeCalls,
} from '@callwise/db/queries/calls';
import { apiErrorSchema } from '@callwise/shared/errors';
import { percentOf } from '@callwise/shared/format';
import {
  type CallAttempt,
  callAttemptListSchema,
  callBatchSchema,
  callSchema,
  callSummarySchema,
  createCallBatchInputSchema,
  createCallInputSchema,
  listCallsQuerySchema,
  MAX_BATCH_CALLS,
  updateCallInputSchema,
} from '@callwise/shared/schemas/calls';
import { pageQuerySchema, pageSchema } from '@callwise/shared/schemas/pagination';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../http/app-error.ts';
import { audit } from '../../http/audit.ts';
import { sendCsvExport } from '../../http/csv-export.ts';
import { sendJson } from '../../http/json-values.ts';
import { type CachedPage, preferredEncoding } from '../../http/page-cache.ts';
import { iso, parseCursor } from '../../http/pagination.ts';
import type { RequestAuth } from '../../plugins/authenticate.ts';
import { idempotencyHeadersSchema, idempotent } from '../../plugins/idempotency.ts';
import { callPageJson } from './call-page-json.ts';
import { callResponse } from './call-response.ts';
import { CALLS_EXAMPLES } from './calls.examples.ts';

const idParams = z.object({ id: z.uuid({ error: 'is not a call id' }).describe('The call’s id') });
const listErrors = { 400: apiErrorSchema };
const errors = { 400: apiErrorSchema, 404: apiErrorSchema };
const createErrors = { ...errors, 402: apiErrorSchema, 403: apiErrorSchema };
const tags = ['calls'];

/** Sends a cached page, compressed once for all when the client accepts it (the compression plugin skips it). */
function sendCachedPage(request: FastifyRequest, reply: FastifyReply, page: CachedPage) {
  const encoding = preferredEncoding(request.headers['accept-encoding']);
  reply.header('vary', 'accept-encoding');
  if (!encoding) return reply.type('application/json; charset=utf-8').send(page.bytes);
  return reply
    .type('application/json; charset=utf-8')
    .header('content-encoding', encoding)
    .send(page.in(encoding));
}
const csvResponse = z.any().meta({
  description: 'The call history as CSV (UTF-8), one row per call, newest first.',
  content: { 'text/csv': { schema: { type: 'string' } } },
});
const recordingResponse = z.any().meta({
  description: 'The recording as audio/wav.',
  content: { 'audio/wav': { schema: { type: 'string', format: 'binary' } } },
});
/**
 * `date` is when the call goes or went out (scheduled_at; it was the creation time before, which is
 * `created_at` now); the columns after `id` were added at the end so that readers by position keep working.
 */
export const EXPORT_COLUMNS = [
  'date',
  'status',
  'outcome',
  'recipient',
  'phone',
  'call_type',
  'voice',
  'duration_seconds',
  'cost_usd',
  'attempts',
  'message',
  'id',
  'scheduled_at',
  'placed_at',
  'ended_at',
  'created_at',
  'campaign_id',
  'needs_attention',
  'handled_at',
];

/** The list's filters from its query, as the database queries take them. */
const callFilter = (query: z.infer<typeof listCallsQuerySchema>) => ({
  q: query.q,
  status: query.status,
  outcome: query.outcome,
  campaignId: query.campaign_id,
  direction: query.direction,
  view: query.view,
});

/** The call history: list, search, filter, summary, export, one call. */
const callsRoutes: FastifyPluginAsyncZod = async (fastify) => {
  const db = () => fastify.database.db;
  const calls = () => fastify.services.calls;

  fastify.get(
    '/calls',
    {
      // A page answered to this API key a moment ago goes out again before the query is even parsed.
      onRequest: (request, reply, done) => {
        if (request.auth.kind === 'api_key') {
          const cached = fastify.services.callPages.get(request.auth.accountId, request.url);
          if (cached !== undefined) {
            sendCachedPage(request, reply, cached);
            return;
          }
        }
        done();
      },
      schema: {
        tags,
        summary: 'List calls',
        description:
          'The call history, newest first; search by recipient name or phone, filter by status group, outcome and ' +
          'campaign, or ask for the Needs attention view (view=needs_attention): calls not marked handled whose ' +
          'callee asked to reschedule or cancelled, that failed, or that nobody answered after every attempt.',
        querystring: pageQuerySchema.extend(listCallsQuerySchema.shape),
        response: { 200: pageSchema(callSchema), ...listErrors },
        examples: CALLS_EXAMPLES.listCalls,
      },
    },
    async (request, reply) => {
      const { limit, cursor } = request.query;
      const accountId = request.auth.accountId;
      const options = { ...callFilter(request.query), limit, cursor: parseCursor(cursor) };
      // The page's JSON written from the database's values (call-page-json.ts); the serializer when a row is
      // not one that writer knows.
      const read = async (): Promise<string> => {
        const raw = await listCallsRaw(db(), accountId, options);
        const json = callPageJson(raw.rows, raw.nextCursor);
        if (json !== null) return json;
        const page = await listCalls(db(), accountId, options);
        return reply.serialize({ data: page.rows.map(callResponse), next_cursor: page.nextCursor }) as string;
      };
      if (request.auth.kind !== 'api_key') {
        return sendJson(reply, await read());
      }
      // Pages answered to API keys are kept for a second (plugins/call-pages.ts), by the address asked for.
      const page = await fastify.services.callPages.load(accountId, request.url, read);
      return sendCachedPage(request, reply, page);
    },
  );

  fastify.get(
    '/calls/summary',
    {
      schema: {
        tags,
        summary: 'Totals for the call history',
        description:
          'Counts by status group, placed and answered calls, the success rate (answered calls with a positive ' +
          'outcome), average duration of completed calls, total cost and how many need attention, for the same ' +
          'filters as the list.',
        querystring: listCallsQuerySchema,
        response: { 200: callSummarySchema, ...listErrors },
        examples: CALLS_EXAMPLES.summarizeCalls,
      },
    },
    async (request) => {
      const s = await summarizeCalls(db(), request.auth.accountId, callFilter(request.query));
      return {
        total: s.total,
        completed: s.completed,
        failed: s.failed,
        pending: s.pending,
        in_progress: s.inProgress,
        success_rate: percentOf(s.positive, s.answered),
        average_duration: s.averageDuration,
        total_cost: Number(s.totalCost),
        placed: s.placed,
        answered: s.answered,
        needs_attention: s.needsAttention,
      };
    },
  );

  fastify.get(
    '/calls/export.csv',
    {
      schema: {
        tags,
        summary: 'Download the call history as CSV',
        description: `Every call matching the same filters as the list. Columns: ${EXPORT_COLUMNS.join(', ')}.`,
        querystring: listCallsQuerySchema,
        response: { 200: csvResponse, 400: apiErrorSchema },
        examples: CALLS_EXAMPLES.downloadCallHistoryAsCsv,
      },
    },
    async (request, reply) => {
      const filter = callFilter(request.query);
      const accountId = request.auth.accountId;
      return sendCsvExport(reply, {
        name: 'calls',
        columns: EXPORT_COLUMNS,
        raw: new Set([4]),
        page: (limit, cursor) => listCalls(db(), accountId, { ...filter, limit, cursor }),
        cells: (row) => {
          const call = callResponse(row);
          return [
            call.scheduled_at,
            call.status,
            call.outcome,
            call.recipient_name,
            call.phone,
            call.call_type,
            call.voice,
            call.duration,
            call.cost,
            call.attempts,
            call.message,
            call.id,
            call.scheduled_at,
            iso(row.placedAt),
            call.ended_at,
            call.created_at,
            call.campaign_id,
            call.needs_attention,
            call.handled_at,
          ];
        },
      });
    },
  );

  fastify.post(
    '/calls',
    {
      ...idempotent,
      schema: {
        tags,
        summary: 'Schedule a call',
        description:
          'Calls a contact (contact_id) or a number (phone, recipient_name) with a script (script_id) or a message, ' +
          'in the chosen voice, at scheduled_at (absent: now). {{variables}} in the text are filled from `variables`; ' +
          '{{name}} defaults to the recipient name (and {{first_name}}, {{last_name}} to its words, or the ' +
          'contact’s own first and last name), any other variable without a value is a validation error. The ' +
          'call opens with the disclosure and ends with the key menu, unless the message offers its own ("Press 1…"). ' +
          'The calling rules apply: a call due outside the calling window (08:00–21:00 in the recipient’s time, ' +
          'or the account’s narrower window) goes out at the next opening — scheduled_at says when, with ' +
          'requested_at and schedule_note; a number on the do-not-call list is refused (409 do_not_call); ' +
          'promotional calls need a contact with marketing consent, reminders and confirmations to a contact need ' +
          'informational consent or an existing customer (422 consent_required; a number that is not a contact ' +
          'may get informational calls on your word that they are your customer); at most the daily cap of calls ' +
          'per person per local day (409 frequency_cap_reached). State rules (decision 028): a promotional call to ' +
          'a Florida or Oklahoma area code goes out only 08:00–20:00 in the recipient’s time (schedule_note names ' +
          'the rule, e.g. "(rule FL)") and is refused as the fourth in 24 hours to that number (409 state_rule, ' +
          '`error.details[0].rule`: FL or OK). A free trial includes 10 calls (402 ' +
          'call_limit_reached after that); on a paid plan extra calls cost $0.50 within the monthly budget cap ' +
          '(402 budget_reached); cancelled calls are given back.',
        headers: idempotencyHeadersSchema,
        body: createCallInputSchema,
        response: { 201: callSchema, ...createErrors, 409: apiErrorSchema, 422: apiErrorSchema },
        examples: CALLS_EXAMPLES.scheduleCall,
      },
    },
    async (request, reply) => {
      const call = await calls().create(request.auth.accountId, request.body);
      reply.code(201);
      return callResponse(call);
    },
  );

  fastify.post(
    '/calls/batch',
    {
      ...idempotent,
      schema: {
        tags,
        summary: 'Schedule several calls',
        description:
          `Up to ${MAX_BATCH_CALLS} calls in one request, each as for POST /v1/calls. A call the calling rules ` +
          'refuse (a number on the do-not-call list, no consent for the kind of call, an invalid number, the ' +
          'daily cap per person) is skipped and listed in `skipped` with its reason; the others are created. Any ' +
          'other problem with one call answers for the batch, naming the call (`calls.<index>.<field>` in ' +
          'details). On a free trial the calls left must cover the calls created (402 `call_limit_reached` ' +
          'otherwise); on a paid plan, calls beyond the month’s allowance cost $0.50 each and must fit the ' +
          'monthly budget cap when one is set (402 `budget_reached` otherwise).',
        headers: idempotencyHeadersSchema,
        body: createCallBatchInputSchema,
        response: { 201: callBatchSchema, ...createErrors, 409: apiErrorSchema, 422: apiErrorSchema },
        examples: CALLS_EXAMPLES.scheduleSeveralCalls,
      },
    },
    async (request, reply) => {
      const result = await calls().createMany(request.auth.accountId, request.body.calls, {
        onProblem: 'skip',
      });
      return reply.code(201).send({ created: result.created.map(callResponse), skipped: result.skipped });
    },
  );

  fastify.post(
    '/calls/:id/cancel',
    {
      ...idempotent,
      schema: {
        tags,
        summary: 'Cancel a call',
        description:
          'Cancels a scheduled or queued call that is not being placed yet (409 otherwise). A trial call is given back.',
        headers: idempotencyHeadersSchema,
        params: idParams,
        response: { 200: callSchema, ...errors, 409: apiErrorSchema, 422: apiErrorSchema },
        examples: CALLS_EXAMPLES.cancelCall,
      },
    },
    async (request) => callResponse(await calls().cancel(request.auth.accountId, request.params.id)),
  );

  fastify.patch(
    '/calls/:id',
    {
      ...idempotent,
      schema: {
        tags,
        summary: 'Change a call',
        description:
          'Changes the time, text, voice or recipient (and call_type, variables, callback_url) of a call that has ' +
          'not gone out, with the fields of POST /v1/calls; a field left out keeps its value (a message given is ' +
          'rendered again with `variables`; without a new message the text stays as it is). The changed call is ' +
          'checked by the same rules as a new one — the number, the plan’s voices, the variables, the calling ' +
          'window (scheduled_at may move to the next opening, with requested_at and schedule_note), the ' +
          'do-not-call list (409 do_not_call), consent (422 consent_required) and the daily cap (409 ' +
          'frequency_cap_reached; the call itself does not count) and the state rules on promotional calls (409 ' +
          'state_rule). It is not billed again. Only a call nobody has ' +
          'started placing can change: 409 call_being_placed while a dispatcher hands it to the carrier, 409 ' +
          'call_already_placed once it has gone out or ended, 409 call_canceled after a cancel. With a ' +
          'callback_url, a call.updated webhook is sent.',
        headers: idempotencyHeadersSchema,
        params: idParams,
        body: updateCallInputSchema,
        response: { 200: callSchema, ...createErrors, 409: apiErrorSchema, 422: apiErrorSchema },
        examples: CALLS_EXAMPLES.changeCall,
      },
    },
    async (request) =>
      callResponse(await calls().update(request.auth.accountId, request.params.id, request.body)),
  );

  /** POST and DELETE /v1/calls/{id}/handled: marks the call handled (by the signed-in user) or not. */
  const markHandled = async (auth: RequestAuth, id: string, handled: boolean) => {
    const by = auth.kind === 'session' ? auth.userId : null;
    const row = await setCallHandled(db(), auth.accountId, id, handled ? { by } : null);
    if (!row) throw notFound('Call');
    return callResponse(row);
  };

  fastify.post(
    '/calls/:id/handled',
    {
      schema: {
        tags,
        summary: 'Mark a call handled',
        description:
          'Takes the call out of the Needs attention view (view=needs_attention): you have followed it up. ' +
          'Marking it again changes nothing; DELETE undoes it.',
        params: idParams,
        response: { 200: callSchema, ...errors },
        examples: CALLS_EXAMPLES.markCallHandled,
      },
    },
    (request) => markHandled(request.auth, request.params.id, true),
  );

  fastify.delete(
    '/calls/:id/handled',
    {
      schema: {
        tags,
        summary: 'Mark a call not handled',
        description:
          'Undoes POST /v1/calls/{id}/handled: the call is back in the Needs attention view if it needs it.',
        params: idParams,
        response: { 200: callSchema, ...errors },
        examples: CALLS_EXAMPLES.markCallNotHandled,
      },
    },
    (request) => markHandled(request.auth, request.params.id, false),
  );

  fastify.get(
    '/calls/:id/recording',
    {
      schema: {
        tags,
        summary: "Download a call's recording",
        description: 'The recording of the call as audio/wav (404 until there is one).',
        params: idParams,
        response: { 200: recordingResponse, ...errors },
        examples: CALLS_EXAMPLES.downloadCallRecording,
      },
    },
    async (request, reply) => {
      const file = await calls().recording(request.auth.accountId, request.params.id);
      return reply
        .header('content-type', file.contentType)
        .header('content-length', String(file.size))
        .header('cache-control', 'private, max-age=3600')
        .header('content-disposition', `inline; filename="call-${request.params.id}.wav"`)
        .send(file.data);
    },
  );

  fastify.delete(
    '/calls/:id/recording',
    {
      schema: {
        tags,
        summary: "Delete a call's recording",
        description: 'Deletes the recording before its 90 days are over; recording_url becomes null.',
        params: idParams,
        response: { 204: z.null().describe('Deleted'), ...errors },
        examples: CALLS_EXAMPLES.deleteCallRecording,
      },
    },
    async (request, reply) => {
      await calls().deleteRecording(request.auth.accountId, request.params.id);
      audit(request, {
        action: 'recording.deleted',
        summary: 'Deleted the recording of a call',
        targetType: 'call',
        targetId: request.params.id,
      });
      return reply.code(204).send(null);
    },
  );

  fastify.get(
    '/calls/:id',
    {
      schema: {
        tags,
        summary: 'Get a call',
        description: 'The call’s status, outcome, timings, cost, transcript and recording.',
        params: idParams,
        response: { 200: callSchema, ...errors },
        examples: CALLS_EXAMPLES.getCall,
      },
    },
    async (request) => {
      const row = await getCall(db(), request.auth.accountId, request.params.id);
      if (!row) throw notFound('Call');
      return callResponse(row);
    },
  );

  fastify.get(
    '/calls/:id/attempts',
    {
      schema: {
        tags,
        summary: 'List the attempts of a call',
        description:
          'Each try of the call at the carrier, oldest first: busy and unanswered calls are retried (by default ' +
          'twice more, 30 minutes apart, inside the calling window), and every try is kept here.',
        params: idParams,
        response: { 200: callAttemptListSchema, ...errors },
        examples: CALLS_EXAMPLES.listCallAttempts,
      },
    },
    async (request) => {
      const attempts = await listCallAttempts(db(), request.auth.accountId, request.params.id);
      if (!attempts) throw notFound('Call');
      return {
        data: attempts.map((attempt) => ({
          attempt: attempt.attempt,
          status: attempt.status as CallAttempt['status'],
          answered_by: attempt.answeredBy as CallAttempt['answered_by'],
          started_at: iso(attempt.startedAt),
          ended_at: iso(attempt.endedAt),
          duration: attempt.duration,
          failure_reason: attempt.failureReason,
        })),
      };
    },
  );
};

export default callsRoutes;
