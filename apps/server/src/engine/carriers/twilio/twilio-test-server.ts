import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { listenLocally } from '../../../../test/local-server.ts';

/**
 * For tests: a local HTTP server standing in for Twilio's REST host (api.twilio.com), reached through
 * TWILIO_API_BASE_URL. It keeps every request it got, creates calls, lists and fetches them, serves and deletes
 * recordings, lists, configures and sells phone numbers (IncomingPhoneNumbers, AvailablePhoneNumbers), takes and
 * serves text messages (Messages), checks basic auth like Twilio, and answers with queued errors (a 429, a 400
 * 21211…) when told to.
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

/** One of the fake Twilio account's numbers (an IncomingPhoneNumber), or one it offers to buy. */
export interface FakeTwilioNumber {
  sid: string;
  phoneNumber: string;
  friendlyName: string;
  voiceUrl: string;
  voiceMethod: string;
  statusCallback: string;
  statusCallbackMethod: string;
  smsUrl: string;
  smsMethod: string;
  dateCreated: Date;
}

/** A text the fake took (a Message resource). */
export interface FakeTwilioMessage {
  sid: string;
  to: string;
  /** The sender given, or the Messaging Service's (its first number stands in: '' when none was given). */
  from: string;
  body: string;
  messagingServiceSid: string | null;
  statusCallback: string | null;
  /** queued; accepted when sent through a Messaging Service. Tests move it on by hand. */
  status: string;
  numSegments: number;
  dateCreated: Date;
}

/** A number the fake offers to buy (AvailablePhoneNumbers/US/Local). */
export interface FakeAvailableNumber {
  phoneNumber: string;
  locality: string;
  region: string;
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
  /** The account's phone numbers, by SID (PN…). */
  numbers: Map<string, FakeTwilioNumber>;
  /** The numbers that can be bought; a bought one leaves this list. */
  availableNumbers: FakeAvailableNumber[];
  /** Answers for the next requests about phone numbers, in order, instead of serving them (e.g. a 500). */
  numberAnswers: Array<{ status: number; body: object }>;
  /** Adds a number to the account, as bought earlier (its URLs someone else's, or none). */
  addNumber(
    phoneNumber: string,
    urls?: { voiceUrl?: string; statusCallback?: string; smsUrl?: string },
  ): FakeTwilioNumber;
  /** The texts it took, by SID (SM…). */
  messages: Map<string, FakeTwilioMessage>;
  /** Answers for the next text creations, in order, instead of taking the text (e.g. a 429, a 400 21610). */
  messageAnswers: Array<{ status: number; body: object }>;
  /** The requests to send a text. */
  messageCreations(): FakeTwilioRequest[];

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

/** A Message resource as Twilio's JSON (price and error null: Twilio fills them in later). */
function messageJson(accountSid: string, message: FakeTwilioMessage) {
  return {
    sid: message.sid,
    account_sid: accountSid,
    api_version: '2010-04-01',
    body: message.body,
    date_created: rfc2822(message.dateCreated),
    date_updated: rfc2822(message.dateCreated),
    date_sent: null,
    direction: 'outbound-api',
    error_code: null,
    error_message: null,
    from: message.from || null,
    messaging_service_sid: message.messagingServiceSid,
    num_media: '0',
    num_segments: String(message.numSegments),
    price: null,
    price_unit: 'USD',
    status: message.status,
    subresource_uris: {
      media: `/2010-04-01/Accounts/${accountSid}/Messages/${message.sid}/Media.json`,
      feedback: `/2010-04-01/Accounts/${accountSid}/Messages/${message.sid}/Feedback.json`,
    },
    to: message.to,
    uri: `/2010-04-01/Accounts/${accountSid}/Messages/${message.sid}.json`,
  };
}

/** Twilio's friendly name of a North American number: (312) 555-0142. */
function friendlyNameOf(phoneNumber: string) {
  const digits = phoneNumber.replace(/^\+1/, '');
  return digits.length === 10
    ? `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`
    : phoneNumber;
}

function numberJson(accountSid: string, number: FakeTwilioNumber) {
  return {
    sid: number.sid,
    account_sid: accountSid,
    friendly_name: number.friendlyName,
    phone_number: number.phoneNumber,
    voice_url: number.voiceUrl,
    voice_method: number.voiceMethod,
    voice_fallback_url: '',
    voice_fallback_method: 'POST',
    voice_caller_id_lookup: false,
    voice_application_sid: '',
    status_callback: number.statusCallback,
    status_callback_method: number.statusCallbackMethod,
    sms_url: number.smsUrl,
    sms_method: number.smsMethod,
    capabilities: { voice: true, sms: true, mms: true, fax: false },
    address_requirements: 'none',
    api_version: '2010-04-01',
    beta: false,
    origin: 'twilio',
    status: 'in-use',
    emergency_status: 'Inactive',
    date_created: rfc2822(number.dateCreated),
    date_updated: rfc2822(number.dateCreated),
    uri: `/2010-04-01/Accounts/${accountSid}/IncomingPhoneNumbers/${number.sid}.json`,
  };
}

/** Twilio's PhoneNumber filter: a part of the number, `*` standing for any one digit. */
function matchesNumberFilter(phoneNumber: string, filter: string) {
  const pattern = filter
    .replace(/[^0-9*+]/g, '')
    .replace(/\+/g, '\\+')
    .replace(/\*/g, '\\d');
  return new RegExp(pattern).test(phoneNumber);
}

const NOT_FOUND = {
  code: 20404,
  message: 'The requested resource was not found',
  more_info: 'https://www.twilio.com/docs/errors/20404',
  status: 404,
};

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
    numbers: new Map(),
    availableNumbers: [],
    numberAnswers: [],
    addNumber: (phoneNumber, urls = {}) => {
      const number: FakeTwilioNumber = {
        sid: fakeSid('PN'),
        phoneNumber,
        friendlyName: friendlyNameOf(phoneNumber),
        voiceUrl: urls.voiceUrl ?? '',
        voiceMethod: 'POST',
        statusCallback: urls.statusCallback ?? '',
        statusCallbackMethod: 'POST',
        smsUrl: urls.smsUrl ?? '',
        smsMethod: 'POST',
        dateCreated: new Date(),
      };
      state.numbers.set(number.sid, number);
      return number;
    },
    messages: new Map(),
    messageAnswers: [],
    messageCreations: () =>
      state.requests.filter((r) => r.method === 'POST' && r.path === `${base}/Messages.json`),
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
    if (
      request.path.startsWith(`${base}/IncomingPhoneNumbers`) ||
      request.path.startsWith(`${base}/AvailablePhoneNumbers`)
    ) {
      return numbersRequest(request, res);
    }
    if (request.path.startsWith(`${base}/Messages`)) return messagesRequest(request, res);
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

  /** IncomingPhoneNumbers (list, filter by PhoneNumber, page; buy; configure) and AvailablePhoneNumbers. */
  const numbersRequest = (request: FakeTwilioRequest, res: ServerResponse) => {
    const answer = state.numberAnswers.shift();
    if (answer) return json(res, answer.status, answer.body);
    const listPath = `${base}/IncomingPhoneNumbers.json`;
    if (request.path === listPath && request.method === 'GET') {
      const filter = request.query.get('PhoneNumber');
      const friendly = request.query.get('FriendlyName');
      const listed = [...state.numbers.values()].filter(
        (number) =>
          (!filter || matchesNumberFilter(number.phoneNumber, filter)) &&
          (!friendly || number.friendlyName === friendly),
      );
      const pageSize = Math.min(1000, Math.max(1, Number(request.query.get('PageSize') ?? 50) || 50));
      const page = Math.max(0, Number(request.query.get('Page') ?? 0) || 0);
      const start = page * pageSize;
      const items = listed.slice(start, start + pageSize);
      const pageUri = (n: number) => {
        const query = new URLSearchParams({ PageSize: String(pageSize), Page: String(n) });
        if (filter) query.set('PhoneNumber', filter);
        return `${listPath}?${query}`;
      };
      return json(res, 200, {
        incoming_phone_numbers: items.map((number) => numberJson(accountSid, number)),
        first_page_uri: pageUri(0),
        next_page_uri: start + pageSize < listed.length ? pageUri(page + 1) : null,
        previous_page_uri: page > 0 ? pageUri(page - 1) : null,
        page,
        page_size: pageSize,
        start,
        end: start + Math.max(0, items.length - 1),
        uri: pageUri(page),
      });
    }
    if (request.path === listPath && request.method === 'POST') {
      const wanted = request.form.get('PhoneNumber');
      const areaCode = request.form.get('AreaCode');
      const offered = state.availableNumbers.find((number) =>
        wanted ? number.phoneNumber === wanted : areaCode && number.phoneNumber.startsWith(`+1${areaCode}`),
      );
      if (!offered) {
        return wanted || !areaCode
          ? json(res, 400, {
              code: 21422,
              message: wanted ? `PhoneNumber ${wanted} is not available.` : 'PhoneNumber is not available.',
              more_info: 'https://www.twilio.com/docs/errors/21422',
              status: 400,
            })
          : json(res, 400, {
              code: 21452,
              message: `No phone numbers found in area code ${areaCode}.`,
              more_info: 'https://www.twilio.com/docs/errors/21452',
              status: 400,
            });
      }
      state.availableNumbers = state.availableNumbers.filter((number) => number !== offered);
      const bought = state.addNumber(offered.phoneNumber);
      bought.voiceUrl = request.form.get('VoiceUrl') ?? '';
      bought.voiceMethod = request.form.get('VoiceMethod') ?? 'POST';
      bought.statusCallback = request.form.get('StatusCallback') ?? '';
      bought.statusCallbackMethod = request.form.get('StatusCallbackMethod') ?? 'POST';
      bought.smsUrl = request.form.get('SmsUrl') ?? '';
      bought.smsMethod = request.form.get('SmsMethod') ?? 'POST';
      return json(res, 201, numberJson(accountSid, bought));
    }
    const numberPath = new RegExp(`^${base}/IncomingPhoneNumbers/(PN[0-9a-f]{32})\\.json$`).exec(
      request.path,
    );
    if (numberPath) {
      const number = state.numbers.get(numberPath[1] as string);
      if (!number) return json(res, 404, NOT_FOUND);
      if (request.method === 'POST') {
        const form = request.form;
        number.voiceUrl = form.get('VoiceUrl') ?? number.voiceUrl;
        number.voiceMethod = form.get('VoiceMethod') ?? number.voiceMethod;
        number.statusCallback = form.get('StatusCallback') ?? number.statusCallback;
        number.statusCallbackMethod = form.get('StatusCallbackMethod') ?? number.statusCallbackMethod;
        number.smsUrl = form.get('SmsUrl') ?? number.smsUrl;
        number.smsMethod = form.get('SmsMethod') ?? number.smsMethod;
        number.friendlyName = form.get('FriendlyName') ?? number.friendlyName;
      }
      if (request.method === 'DELETE') {
        state.numbers.delete(number.sid);
        res.writeHead(204);
        return res.end();
      }
      return json(res, 200, numberJson(accountSid, number));
    }
    const availablePath = `${base}/AvailablePhoneNumbers/US/Local.json`;
    if (request.path === availablePath && request.method === 'GET') {
      const areaCode = request.query.get('AreaCode');
      const pageSize = Math.min(1000, Math.max(1, Number(request.query.get('PageSize') ?? 50) || 50));
      const offered = state.availableNumbers
        .filter((number) => !areaCode || number.phoneNumber.startsWith(`+1${areaCode}`))
        .slice(0, pageSize);
      return json(res, 200, {
        uri: `${availablePath}?${request.query}`,
        available_phone_numbers: offered.map((number) => ({
          friendly_name: friendlyNameOf(number.phoneNumber),
          phone_number: number.phoneNumber,
          lata: '358',
          rate_center: number.locality.toUpperCase(),
          latitude: '41.880000',
          longitude: '-87.630000',
          locality: number.locality,
          region: number.region,
          postal_code: '60601',
          iso_country: 'US',
          address_requirements: 'none',
          beta: false,
          capabilities: { voice: true, SMS: true, MMS: true, fax: false },
        })),
      });
    }
    return json(res, 404, NOT_FOUND);
  };

  /**
   * Messages: sending a text (POST Messages.json, checked as Twilio checks it: a recipient in E.164, a body of at
   * most 1600 characters, a sender or a Messaging Service) and fetching one (GET Messages/{sid}.json).
   */
  const messagesRequest = (request: FakeTwilioRequest, res: ServerResponse) => {
    if (request.path === `${base}/Messages.json` && request.method === 'POST') {
      const answer = state.messageAnswers.shift();
      if (answer) return json(res, answer.status, answer.body);
      const form = request.form;
      const to = form.get('To');
      const body = form.get('Body');
      const from = form.get('From');
      const service = form.get('MessagingServiceSid');
      const refuse = (code: number, message: string) =>
        json(res, 400, {
          code,
          message,
          more_info: `https://www.twilio.com/docs/errors/${code}`,
          status: 400,
        });
      if (!to) return refuse(21604, "A 'To' phone number is required.");
      if (!/^\+[1-9]\d{6,14}$/.test(to))
        return refuse(21211, `The 'To' number ${to} is not a valid phone number.`);
      if (!from && !service) return refuse(21603, "A 'From' phone number is required.");
      if (from && !/^\+[1-9]\d{6,14}$/.test(from)) {
        return refuse(
          21606,
          `The From phone number ${from} is not a valid, SMS-capable inbound phone number or short code for your account.`,
        );
      }
      if (!body) return refuse(21602, 'Message body is required.');
      if (body.length > 1600)
        return refuse(21617, 'The concatenated message body exceeds the 1600 character limit.');
      const message: FakeTwilioMessage = {
        sid: fakeSid('SM'),
        to,
        from: from ?? '',
        body,
        messagingServiceSid: service,
        statusCallback: form.get('StatusCallback'),
        status: service ? 'accepted' : 'queued',
        numSegments: Math.max(1, Math.ceil(body.length / 153)),
        dateCreated: new Date(),
      };
      state.messages.set(message.sid, message);
      return json(res, 201, messageJson(accountSid, message));
    }
    const messagePath = new RegExp(`^${base}/Messages/((SM|MM)[0-9a-f]{32})\\.json$`).exec(request.path);
    if (messagePath && request.method === 'GET') {
      const message = state.messages.get(messagePath[1] as string);
      if (!message) return json(res, 404, NOT_FOUND);
      return json(res, 200, messageJson(accountSid, message));
    }
    return json(res, 404, NOT_FOUND);
  };

  const local = await listenLocally(handle);
  state.url = local.url;
  state.close = local.close;
  return state;
}
