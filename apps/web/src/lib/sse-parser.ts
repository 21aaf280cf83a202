/** One server-sent event: its name (`message` when the stream gives none), its data and its id. */
export interface ServerSentEvent {
  event: string;
  data: string;
  id: string | undefined;
}

export interface SseParserHandlers {
  onEvent: (event: ServerSentEvent) => void;
  /** A `: comment` line (servers send them as keep-alive pings). */
  onComment?: (text: string) => void;
  /** A `retry:` field: how long the server asks clients to wait before reconnecting, in ms. */
  onRetry?: (ms: number) => void;
}

/**
 * An incremental parser for the `text/event-stream` format (WHATWG HTML, "server-sent events"): feed it the
 * decoded text as it arrives, in chunks of any size; it calls back once per complete event. Lines end in LF, CR
 * or CRLF (a CRLF split across two chunks is handled); a blank line dispatches the event; `data` lines are joined
 * with LF; an event without data is dropped, as EventSource does.
 */
export function createSseParser({ onEvent, onComment, onRetry }: SseParserHandlers) {
  let buffer = '';
  let data: string[] = [];
  let eventName = '';
  let lastId: string | undefined;
  /** The previous chunk ended in CR: an LF at the start of this one belongs to it. */
  let pendingCr = false;

  const dispatch = () => {
    if (data.length > 0) onEvent({ event: eventName || 'message', data: data.join('\n'), id: lastId });
    data = [];
    eventName = '';
  };

  const line = (text: string) => {
    if (text === '') {
      dispatch();
      return;
    }
    if (text.startsWith(':')) {
      onComment?.(text.slice(1).trimStart());
      return;
    }
    const colon = text.indexOf(':');
    const field = colon === -1 ? text : text.slice(0, colon);
    let value = colon === -1 ? '' : text.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    switch (field) {
      case 'event':
        eventName = value;
        break;
      case 'data':
        data.push(value);
        break;
      case 'id':
        if (!value.includes('\0')) lastId = value;
        break;
      case 'retry':
        if (/^\d+$/.test(value)) onRetry?.(Number(value));
        break;
      default:
        // Unknown fields are ignored.
        break;
    }
  };

  return {
    push(chunk: string) {
      let text = chunk;
      if (pendingCr && text.startsWith('\n')) text = text.slice(1);
      pendingCr = false;
      buffer += text;
      let start = 0;
      for (let index = 0; index < buffer.length; index++) {
        const char = buffer[index];
        if (char !== '\n' && char !== '\r') continue;
        line(buffer.slice(start, index));
        if (char === '\r') {
          if (index + 1 === buffer.length) pendingCr = true;
          else if (buffer[index + 1] === '\n') index++;
        }
        start = index + 1;
      }
      buffer = buffer.slice(start);
    },
    /** The id of the last event that carried one (sent back as Last-Event-ID when reconnecting). */
    get lastEventId() {
      return lastId;
    },
  };
}
