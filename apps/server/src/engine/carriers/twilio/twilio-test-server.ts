import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * For tests: a local HTTP server standing in for Twilio's REST host (api.twilio.com), reached through
 * TWILIO_API_BASE_URL. It keeps every request it got, creates calls, lists and fetches them, serves and deletes
 * recordings, checks basic auth like Twilio, and answers with queued errors (a 429, a 400 21211…) when told to.
 */
export interface FakeTwilioRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  form: URLSearchParams;
  authorization: string | undefined;
  at: number;
}

export interface FakeTwilioCall {
  sid: string;
  to: string;
  from: string;
  status: string;
  dateCreated: Date;
  startTime: Date | null;
  endTime: Date | null;
  duration: string | null;
  answeredBy: string | null;
}

export interface FakeTwilio {
  url: string;
  accountSid: string;
  requests: FakeTwilioRequest[];
  calls: Map<string, FakeTwilioCall>;
  recordings: Map<string, Buffer>;
  /** Recordings started on calls in progress, with the address their completion is posted to. */
  recordingStarts: Array<{ callSid: string; callback: string | null }>;
  /** Answers for the next call creations, in order, instead of creating a call (e.g. a 429). */
  createAnswers: Array<{ status: number; body: object }>;
  /** Milliseconds the next call creations take (to catch a request in flight). */
  createDelayMs: number;
  /** The requests to create a call. */
  creations(): FakeTwilioRequest[];
  close(): Promise<void>;
}

export const fakeSid = (prefix: string) => `${prefix}${randomBytes(16).toString('hex')}`;

/** Twilio's date format (RFC 2822, +0000). */
function rfc2822(date: Date | null) {
  return date ? date.toUTCString().replace('GMT', '+0000') : null;
}

function callJson(accountSid: string, call: FakeTwilioCall) {
  return {
    sid: call.sid,
    account_sid: accountSid,
    to: call.to,
    from: call.from,
    status: call.status,
    date_created: rfc2822(call.dateCreated),
    date_updated: rfc2822(call.dateCreated),
    start_time: rfc2822(call.startTime),
    end_time: rfc2822(call.endTime),
    duration: call.duration,
    answered_by: call.answeredBy,
    direction: 'outbound-api',
    uri: `/2010-04-01/Accounts/${accountSid}/Calls/${call.sid}.json`,
  };
}

export async function startFakeTwilio(options: {
  accountSid: string;
  authToken: string;
}): Promise<FakeTwilio> {
  const { accountSid, authToken } = options;
  const expectedAuth = `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`;
  const base = `/2010-04-01/Accounts/${accountSid}`;
  const state: FakeTwilio = {
    url: '',
    close: async () => undefined,
    accountSid,
    requests: [],
    calls: new Map(),
    recordings: new Map(),
    recordingStarts: [],
    createAnswers: [],
    createDelayMs: 0,
    creations: () => state.requests.filter((r) => r.method === 'POST' && r.path === `${base}/Calls.json`),
  };

  const json = (res: ServerResponse, status: number, body: object) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const url = new URL(req.url ?? '/', 'http://fake');
    const request: FakeTwilioRequest = {
      method: req.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      form: new URLSearchParams(Buffer.concat(chunks).toString('utf8')),
      authorization: req.headers.authorization,
      at: Date.now(),
    };
    state.requests.push(request);
    if (request.authorization !== expectedAuth) {
      return json(res, 401, { code: 20003, message: 'Authenticate', status: 401 });
    }
    if (request.path === `${base}/Calls.json` && request.method === 'POST') {
      if (state.createDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, state.createDelayMs));
      const answer = state.createAnswers.shift();
      if (answer) return json(res, answer.status, answer.body);
      const call: FakeTwilioCall = {
        sid: fakeSid('CA'),
        to: request.form.get('To') ?? '',
        from: request.form.get('From') ?? '',
        status: 'queued',
        dateCreated: new Date(),
        startTime: null,
        endTime: null,
        duration: null,
        answeredBy: null,
      };
      state.calls.set(call.sid, call);
      return json(res, 201, callJson(accountSid, call));
    }
    if (request.path === `${base}/Calls.json` && request.method === 'GET') {
      const to = request.query.get('To');
      const from = request.query.get('From');
      const status = request.query.get('Status');
      const after = request.query.get('StartTime>');
      const listed = [...state.calls.values()].filter(
        (call) =>
          (!to || call.to === to) &&
          (!from || call.from === from) &&
          (!status || call.status === status) &&
          (!after || (call.startTime !== null && call.startTime.getTime() >= Date.parse(after))),
      );
      return json(res, 200, {
        calls: listed.map((call) => callJson(accountSid, call)),
        first_page_uri: `${base}/Calls.json?PageSize=50&Page=0`,
        next_page_uri: null,
        previous_page_uri: null,
        page: 0,
        page_size: 50,
        start: 0,
        end: listed.length,
        uri: `${base}/Calls.json?PageSize=50&Page=0`,
      });
    }
    // Recording a call in progress (a call to a business number; Twilio knows it though we did not place it).
    const startRecording = new RegExp(`^${base}/Calls/(CA[0-9a-f]{32})/Recordings\\.json$`).exec(
      request.path,
    );
    if (startRecording && request.method === 'POST') {
      const sid = fakeSid('RE');
      state.recordingStarts.push({
        callSid: startRecording[1] as string,
        callback: request.form.get('RecordingStatusCallback'),
      });
      return json(res, 201, {
        sid,
        account_sid: accountSid,
        call_sid: startRecording[1],
        status: 'in-progress',
        channels: 1,
        source: 'StartCallRecordingAPI',
        date_created: rfc2822(new Date()),
      });
    }
    const callPath = new RegExp(`^${base}/Calls/(CA[0-9a-f]{32})\\.json$`).exec(request.path);
    if (callPath) {
      const call = state.calls.get(callPath[1] as string);
      if (!call)
        return json(res, 404, { code: 20404, message: 'The requested resource was not found', status: 404 });
      if (request.method === 'POST') call.status = request.form.get('Status') ?? call.status;
      return json(res, 200, callJson(accountSid, call));
    }
    const recordingPath = new RegExp(`^${base}/Recordings/(RE[0-9a-f]{32})\\.(wav|json)$`).exec(request.path);
    if (recordingPath) {
      const sid = recordingPath[1] as string;
      const data = state.recordings.get(sid);
      if (!data)
        return json(res, 404, { code: 20404, message: 'The requested resource was not found', status: 404 });
      if (request.method === 'DELETE') {
        state.recordings.delete(sid);
        res.writeHead(204);
        return res.end();
      }
      res.writeHead(200, { 'content-type': 'audio/x-wav' });
      return res.end(data);
    }
    return json(res, 404, { code: 20404, message: 'The requested resource was not found', status: 404 });
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      res.writeHead(500);
      res.end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  state.url = `http://127.0.0.1:${port}`;
  state.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return state;
}
