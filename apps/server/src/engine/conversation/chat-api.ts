import { fetchFailureReason } from '../../util/fetch-failure.ts';
import type { DialogueLogger } from './dialogue.ts';

/** Where the OpenAI-compatible chat model is, and how long a request may take. */
export interface ChatApiOptions {
  /** OpenAI-compatible API base, e.g. https://api.openai.com/v1 (we POST `${baseUrl}/chat/completions`). */
  baseUrl: string;
  apiKey: string;
  model: string;
  /** Whole request, body included. */
  timeoutMs?: number;
  log?: DialogueLogger;
}

/** A chat completion's first choice: its text, or the functions it calls. */
export interface ChatChoice {
  content: string | null;
  toolCalls: Array<{ name: string; arguments: string }>;
}

/** Why the model gave no usable answer (HTTP error, timeout, not the JSON asked for). */
export class ChatFailure extends Error {
  constructor(
    message: string,
    readonly status?: number,
    readonly body?: string,
  ) {
    super(message);
    this.name = 'ChatFailure';
  }
}

/**
 * One request to an OpenAI-compatible `POST /chat/completions` (the documented shape: `model`, `messages`,
 * optional `tools` / `response_format`; the answer's `choices[0].message` with `content` and `tool_calls`).
 * Throws ChatFailure; the key never appears in what it throws or logs.
 */
export function chatApi(options: ChatApiOptions, defaultTimeoutMs: number) {
  const url = `${options.baseUrl.replace(/\/+$/, '')}/chat/completions`;
  const timeoutMs = options.timeoutMs ?? defaultTimeoutMs;
  const redact = (text: string) => text.split(options.apiKey).join('[redacted]');

  return {
    timeoutMs,
    warn(details: Record<string, unknown>, message: string) {
      const safe = Object.fromEntries(
        Object.entries(details).map(([key, value]) => [
          key,
          typeof value === 'string' ? redact(value) : value,
        ]),
      );
      options.log?.warn({ ...safe, model: options.model }, message);
    },
    async complete(body: Record<string, unknown>): Promise<ChatChoice> {
      const signal = AbortSignal.timeout(timeoutMs);
      let response: Response;
      let text: string;
      try {
        response = await fetch(url, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${options.apiKey}`,
            'content-type': 'application/json',
            accept: 'application/json',
          },
          body: JSON.stringify({ model: options.model, temperature: 0, ...body }),
          signal,
        });
        text = await response.text();
      } catch (error) {
        if (signal.aborted) throw new ChatFailure(`no answer within ${timeoutMs} ms`);
        const reason = fetchFailureReason(error);
        throw new ChatFailure(redact(`request failed: ${reason}`));
      }
      if (!response.ok) throw new ChatFailure(`HTTP ${response.status}`, response.status, text.slice(0, 300));
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        throw new ChatFailure('the response is not JSON', response.status, text.slice(0, 300));
      }
      const message = (
        parsed as {
          choices?: Array<{
            message?: {
              content?: unknown;
              tool_calls?: Array<{ type?: unknown; function?: { name?: unknown; arguments?: unknown } }>;
            };
          }>;
        } | null
      )?.choices?.[0]?.message;
      if (!message || typeof message !== 'object')
        throw new ChatFailure('the response has no message', response.status);
      const toolCalls = (Array.isArray(message.tool_calls) ? message.tool_calls : []).flatMap((call) =>
        typeof call?.function?.name === 'string'
          ? [
              {
                name: call.function.name,
                arguments: typeof call.function.arguments === 'string' ? call.function.arguments : '{}',
              },
            ]
          : [],
      );
      return { content: typeof message.content === 'string' ? message.content : null, toolCalls };
    },
  };
}

/** Models sometimes wrap JSON in a Markdown code fence even in JSON mode. */
export function stripCodeFence(content: string): string {
  const fenced = /^\s*```(?:json)?\s*([\s\S]*?)\s*```\s*$/i.exec(content);
  return fenced?.[1] ?? content;
}
