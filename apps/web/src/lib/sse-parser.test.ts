import { describe, expect, it } from 'vitest';
import { createSseParser, type ServerSentEvent } from './sse-parser.ts';

function parse(chunks: string[]) {
  const events: ServerSentEvent[] = [];
  const comments: string[] = [];
  const retries: number[] = [];
  const parser = createSseParser({
    onEvent: (event) => events.push(event),
    onComment: (text) => comments.push(text),
    onRetry: (ms) => retries.push(ms),
  });
  for (const chunk of chunks) parser.push(chunk);
  return { events, comments, retries, parser };
}

describe('createSseParser', () => {
  it('reads named events, comments and retry', () => {
    const { events, comments, retries } = parse([
      ': ping\n\n',
      'retry: 2000\n',
      'event: call\ndata: {"id":"a"}\nid: 7\n\n',
      'data: plain\n\n',
    ]);
    expect(events).toEqual([
      { event: 'call', data: '{"id":"a"}', id: '7' },
      { event: 'message', data: 'plain', id: '7' },
    ]);
    expect(comments).toEqual(['ping']);
    expect(retries).toEqual([2000]);
  });

  it('joins data lines and handles chunks split anywhere, with CR, LF and CRLF line ends', () => {
    const text = 'event: call\r\ndata: one\r\ndata:two\r\n\r\nevent: x\rdata: y\r\r';
    for (let size = 1; size <= text.length; size++) {
      const chunks: string[] = [];
      for (let at = 0; at < text.length; at += size) chunks.push(text.slice(at, at + size));
      expect(parse(chunks).events, `chunks of ${size}`).toEqual([
        { event: 'call', data: 'one\ntwo', id: undefined },
        { event: 'x', data: 'y', id: undefined },
      ]);
    }
  });

  it('drops events without data and keeps an incomplete event until its blank line', () => {
    const { events } = parse(['event: call\n\n', 'data: half']);
    expect(events).toEqual([]);
    const more = parse(['data: half', '\n', '\n']);
    expect(more.events).toEqual([{ event: 'message', data: 'half', id: undefined }]);
  });
});
