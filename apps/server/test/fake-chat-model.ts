import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request the stand-in received: its headers and JSON body. */
export interface ChatRequest {
  url: string;
  headers: IncomingHttpHeaders;
  body: {
    model: string;
    messages: Array<{ role: string; content: string }>;
    tools?: Array<{ type: string; function: { name: string; description: string; parameters: object } }>;
    tool_choice?: unknown;
    response_format?: unknown;
  };
}

/** What the stand-in answers: words, a function call, an HTTP error, or nothing for a while. */
export type ChatAnswer =
  | { say: string }
  | { tool: string; args?: Record<string, unknown> | string }
  | { status: number; error: string }
  | { delayMs: number; next: ChatAnswer };

/**
 * A local stand-in for an OpenAI-compatible `POST /v1/chat/completions` (the documented request and response
 * shapes: bearer key, `model`, `messages`, `tools` as `{type: 'function', function: {name, description,
 * parameters}}`; the answer's `choices[0].message` with `content` or `tool_calls` and `finish_reason`; errors as
 * `{error: {message, type, code}}`). It refuses what the real API refuses (no key, no model, no messages, a tool
 * without a name) and answers each request with what `brain` decides for it.
 */
export async function startFakeChatModel(options: {
  apiKey: string;
  brain: (request: ChatRequest) => ChatAnswer;
}) {
  const requests: ChatRequest[] = [];
  let ids = 0;
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const send = (status: number, body: unknown) => {
        if (response.destroyed) return;
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(body));
      };
      const refuse = (status: number, message: string, type = 'invalid_request_error') =>
        send(status, { error: { message, type, param: null, code: null } });
      if (request.method !== 'POST' || request.url !== '/v1/chat/completions') {
        return refuse(404, `Unknown request URL: ${request.method} ${request.url}`);
      }
      if (request.headers.authorization !== `Bearer ${options.apiKey}`) {
        return refuse(401, 'Incorrect API key provided.', 'invalid_api_key');
      }
      let body: ChatRequest['body'];
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      } catch {
        return refuse(400, 'We could not parse the JSON body of your request.');
      }
      if (typeof body.model !== 'string' || !body.model) return refuse(400, "'model' is a required property");
      if (!Array.isArray(body.messages) || body.messages.length === 0) {
        return refuse(400, "'messages' must contain at least one message");
      }
      if (body.tools?.some((tool) => tool.type !== 'function' || !tool.function?.name)) {
        return refuse(400, "Missing required parameter: 'tools[0].function.name'.");
      }
      const entry: ChatRequest = { url: request.url, headers: request.headers, body };
      requests.push(entry);
      const answer = (decided: ChatAnswer): void => {
        if ('delayMs' in decided) {
          setTimeout(() => answer(decided.next), decided.delayMs);
          return;
        }
        if ('status' in decided) {
          refuse(decided.status, decided.error, 'server_error');
          return;
        }
        const id = ++ids;
        const message =
          'say' in decided
            ? { role: 'assistant', content: decided.say }
            : {
                role: 'assistant',
                content: null,
                tool_calls: [
                  {
                    id: `call_${id}`,
                    type: 'function',
                    function: {
                      name: decided.tool,
                      arguments:
                        typeof decided.args === 'string' ? decided.args : JSON.stringify(decided.args ?? {}),
                    },
                  },
                ],
              };
        send(200, {
          id: `chatcmpl-${id}`,
          object: 'chat.completion',
          created: Math.floor(Date.now() / 1000),
          model: body.model,
          choices: [
            { index: 0, message, finish_reason: 'say' in decided ? 'stop' : 'tool_calls', logprobs: null },
          ],
          usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
        });
      };
      answer(options.brain(entry));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    requests,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** The words of the latest caller's message in a request. */
export const lastSaid = (request: ChatRequest) => request.body.messages.at(-1)?.content.toLowerCase() ?? '';
/** The tools a request offered. */
export const toolsOffered = (request: ChatRequest) =>
  (request.body.tools ?? []).map((tool) => tool.function.name);
