import net from 'node:net';
import tls from 'node:tls';

export type RedisReply = string | number | null | RedisReply[];

export class RedisError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RedisError';
  }
}

interface Pending {
  resolve: (reply: RedisReply) => void;
  reject: (error: Error) => void;
}

/** Reads one RESP2 value from `buffer` at `offset`: the value and where the next one starts, or null if incomplete. */
function parseReply(buffer: Buffer, offset: number): { value: RedisReply | RedisError; next: number } | null {
  const lineEnd = buffer.indexOf('\r\n', offset);
  if (lineEnd < 0) return null;
  const type = String.fromCharCode(buffer[offset] ?? 0);
  const line = buffer.toString('utf8', offset + 1, lineEnd);
  const next = lineEnd + 2;
  switch (type) {
    case '+':
      return { value: line, next };
    case '-':
      return { value: new RedisError(line), next };
    case ':':
      return { value: Number(line), next };
    case '$': {
      const length = Number(line);
      if (length < 0) return { value: null, next };
      if (buffer.length < next + length + 2) return null;
      return { value: buffer.toString('utf8', next, next + length), next: next + length + 2 };
    }
    case '*': {
      const count = Number(line);
      if (count < 0) return { value: null, next };
      const items: RedisReply[] = [];
      let position = next;
      for (let i = 0; i < count; i++) {
        const item = parseReply(buffer, position);
        if (!item) return null;
        if (item.value instanceof RedisError) return { value: item.value, next: item.next };
        items.push(item.value);
        position = item.next;
      }
      return { value: items, next: position };
    }
    default:
      throw new RedisError(`unexpected reply type ${JSON.stringify(type)}`);
  }
}

function encodeCommand(args: Array<string | number>): Buffer {
  const parts: Buffer[] = [Buffer.from(`*${args.length}\r\n`)];
  for (const arg of args) {
    const value = Buffer.from(String(arg));
    parts.push(Buffer.from(`$${value.length}\r\n`), value, Buffer.from('\r\n'));
  }
  return Buffer.concat(parts);
}

/**
 * A small Redis client (RESP2 over one connection, pipelined): enough for the shared rate-limit counters. It
 * connects on first use and again after the connection drops; commands in flight when it drops fail.
 */
export class RedisClient {
  private socket: net.Socket | null = null;
  private connecting: Promise<net.Socket> | null = null;
  private readonly pending: Pending[] = [];
  private buffer: Buffer = Buffer.alloc(0);
  private closed = false;
  private readonly url: URL;

  constructor(
    url: string,
    private readonly options: { connectTimeoutMs?: number } = {},
  ) {
    this.url = new URL(url);
  }

  async command(args: Array<string | number>): Promise<RedisReply> {
    const socket = await this.connect();
    return this.send(socket, args);
  }

  private send(socket: net.Socket, args: Array<string | number>): Promise<RedisReply> {
    return new Promise<RedisReply>((resolve, reject) => {
      this.pending.push({ resolve, reject });
      socket.write(encodeCommand(args));
    });
  }

  private connect(): Promise<net.Socket> {
    if (this.closed) return Promise.reject(new RedisError('the Redis client is closed'));
    if (this.socket) return Promise.resolve(this.socket);
    this.connecting ??= this.open().finally(() => {
      this.connecting = null;
    });
    return this.connecting;
  }

  private async open(): Promise<net.Socket> {
    const port = Number(this.url.port || 6379);
    const host = this.url.hostname || '127.0.0.1';
    const socket = await new Promise<net.Socket>((resolve, reject) => {
      const s =
        this.url.protocol === 'rediss:'
          ? tls.connect({ host, port, servername: host }, () => resolve(s))
          : net.connect({ host, port }, () => resolve(s));
      s.setTimeout(this.options.connectTimeoutMs ?? 2000, () =>
        s.destroy(new RedisError('Redis connection timed out')),
      );
      s.once('error', reject);
    });
    socket.setTimeout(0);
    socket.setNoDelay(true);
    socket.on('data', (chunk: Buffer) => this.onData(chunk));
    const lost = (error?: Error) => {
      if (this.socket === socket) this.socket = null;
      this.buffer = Buffer.alloc(0);
      const failed = this.pending.splice(0);
      for (const p of failed) p.reject(error ?? new RedisError('the Redis connection closed'));
    };
    socket.on('error', lost);
    socket.on('close', () => lost());
    this.socket = socket;
    // Authenticate and choose the database before anything else is sent on this connection.
    const password = decodeURIComponent(this.url.password);
    const username = decodeURIComponent(this.url.username);
    if (password) await this.send(socket, username ? ['AUTH', username, password] : ['AUTH', password]);
    const db = Number(this.url.pathname.replace('/', '') || 0);
    if (db) await this.send(socket, ['SELECT', db]);
    return socket;
  }

  private onData(chunk: Buffer) {
    this.buffer = this.buffer.length === 0 ? chunk : Buffer.concat([this.buffer, chunk]);
    let offset = 0;
    for (;;) {
      if (offset >= this.buffer.length) break;
      const parsed = parseReply(this.buffer, offset);
      if (!parsed) break;
      offset = parsed.next;
      const waiter = this.pending.shift();
      if (!waiter) continue;
      if (parsed.value instanceof RedisError) waiter.reject(parsed.value);
      else waiter.resolve(parsed.value);
    }
    this.buffer = offset >= this.buffer.length ? Buffer.alloc(0) : this.buffer.subarray(offset);
  }

  async close(): Promise<void> {
    this.closed = true;
    const socket = this.socket;
    this.socket = null;
    if (!socket) return;
    await new Promise<void>((resolve) => {
      socket.once('close', () => resolve());
      socket.end(encodeCommand(['QUIT']));
      setTimeout(() => {
        socket.destroy();
        resolve();
      }, 500).unref();
    });
  }
}
