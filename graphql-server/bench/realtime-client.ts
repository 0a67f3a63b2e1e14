import { randomBytes } from 'node:crypto';
import { connect, type Socket } from 'node:net';
import type { LoadClient } from './load-client';

// The leanest subscriber the bench can run: graphql-transport-ws over a bare TCP socket, reading the
// server's WebSocket frames itself (RFC 6455: unmasked, not fragmented, no extensions were offered).
// bench:realtime's sockets all live in one process, which reads them one after the other; with `ws`'s
// client (bench/load-client.ts) a receipt costs that process ~15-20 µs (a Writable stream per socket,
// UTF-8 validation, events), and 1,000 receipts of one event queue behind each other for ~20 ms: the
// tail of the measured delivery is then this process's queue, not the server's. Here a frame is found
// in the chunk that carries it and timed there; the JSON is parsed after the time is taken. Each socket
// still stands for a browser on its own computer, which reads one socket.

const OP_TEXT = 0x1;
const OP_CLOSE = 0x8;
const OP_PING = 0x9;
const OP_PONG = 0xa;

/** A client frame: masked, as RFC 6455 requires of clients (with a random key per socket). */
function clientFrame(opcode: number, payload: Buffer, mask: Buffer): Buffer {
  const length = payload.length;
  const header = length < 126 ? 2 : length < 65_536 ? 4 : 10;
  const frame = Buffer.allocUnsafe(header + 4 + length);
  frame[0] = 0x80 | opcode;
  if (length < 126) frame[1] = 0x80 | length;
  else if (length < 65_536) {
    frame[1] = 0x80 | 126;
    frame.writeUInt16BE(length, 2);
  } else {
    frame[1] = 0x80 | 127;
    frame.writeBigUInt64BE(BigInt(length), 2);
  }
  mask.copy(frame, header);
  for (let i = 0; i < length; i++) frame[header + 4 + i] = (payload[i] as number) ^ (mask[i & 3] as number);
  return frame;
}

export function rawClient(baseUrl: string, cookie: string): LoadClient {
  const url = new URL(baseUrl);
  const socket: Socket = connect({ host: url.hostname, port: Number(url.port) });
  socket.setNoDelay(true);
  const mask = randomBytes(4);
  const send = (opcode: number, text: string | Buffer) =>
    socket.write(clientFrame(opcode, typeof text === 'string' ? Buffer.from(text) : text, mask));
  const handlers = new Map<string, (payload: { data?: unknown; errors?: unknown }, receivedAt: number) => void>();
  let nextId = 1;
  let upgraded = false;
  let pending: Buffer | null = null;
  let resolveReady: () => void = () => {};
  let rejectReady: (error: Error) => void = () => {};
  const ready = new Promise<void>((resolve, reject) => {
    resolveReady = resolve;
    rejectReady = reject;
  });
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  socket.once('close', () => rejectReady(new Error('socket closed')));
  socket.once('error', (error) => rejectReady(error));

  function onText(text: string, receivedAt: number) {
    const message = JSON.parse(text) as { type: string; id?: string; payload?: never };
    if (message.type === 'next' && message.id) handlers.get(message.id)?.(message.payload ?? {}, receivedAt);
    else if (message.type === 'connection_ack') resolveReady();
    else if (message.type === 'ping') send(OP_TEXT, '{"type":"pong"}');
    else if (message.type === 'error') throw new Error(`subscription error: ${JSON.stringify(message.payload)}`);
  }

  /** Every whole frame of `data` (and what was left of the last chunk); a partial one waits. */
  function onFrames(data: Buffer, receivedAt: number) {
    let offset = 0;
    while (data.length - offset >= 2) {
      const opcode = (data[offset] as number) & 0x0f;
      let length = (data[offset + 1] as number) & 0x7f;
      let header = 2;
      if (length === 126) {
        if (data.length - offset < 4) break;
        length = data.readUInt16BE(offset + 2);
        header = 4;
      } else if (length === 127) {
        if (data.length - offset < 10) break;
        length = Number(data.readBigUInt64BE(offset + 2));
        header = 10;
      }
      if (data.length - offset < header + length) break;
      const payload = data.subarray(offset + header, offset + header + length);
      offset += header + length;
      if (opcode === OP_TEXT) onText(payload.toString(), receivedAt);
      else if (opcode === OP_PING) send(OP_PONG, payload);
      else if (opcode === OP_CLOSE) socket.end();
    }
    pending = offset < data.length ? data.subarray(offset) : null;
  }

  socket.on('data', (chunk: Buffer) => {
    const receivedAt = Date.now();
    let data = pending ? Buffer.concat([pending, chunk]) : chunk;
    if (!upgraded) {
      const end = data.indexOf('\r\n\r\n');
      if (end < 0) {
        pending = data;
        return;
      }
      const head = data.subarray(0, end).toString();
      if (!head.startsWith('HTTP/1.1 101')) {
        rejectReady(new Error(`upgrade refused: ${head.split('\r\n')[0]}`));
        socket.destroy();
        return;
      }
      upgraded = true;
      data = data.subarray(end + 4);
      send(OP_TEXT, '{"type":"connection_init"}');
    }
    onFrames(data, receivedAt);
  });
  socket.once('connect', () => {
    socket.write(
      `GET /graphql HTTP/1.1\r\nHost: ${url.host}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
        `Sec-WebSocket-Key: ${randomBytes(16).toString('base64')}\r\nSec-WebSocket-Version: 13\r\n` +
        `Sec-WebSocket-Protocol: graphql-transport-ws\r\nCookie: ${cookie}\r\n\r\n`,
    );
  });

  return {
    ready,
    subscribe(query, onNext) {
      const id = String(nextId++);
      handlers.set(id, onNext);
      send(OP_TEXT, JSON.stringify({ id, type: 'subscribe', payload: { query } }));
    },
    close() {
      if (socket.destroyed) return Promise.resolve();
      const code = Buffer.alloc(2);
      code.writeUInt16BE(1000);
      send(OP_CLOSE, code);
      socket.end();
      return closed;
    },
  };
}
