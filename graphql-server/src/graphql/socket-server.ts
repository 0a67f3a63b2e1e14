import type { IncomingMessage } from 'node:http';
import { type ExecutionArgs, type ExecutionResult, GraphQLError, getOperationAST } from 'graphql';
import {
  CloseCode,
  type ConnectionInitMessage,
  GRAPHQL_TRANSPORT_WS_PROTOCOL,
  handleProtocols,
  type Message,
  MessageType,
  parseMessage,
  type SubscribeMessage,
  type SubscribePayload,
} from 'graphql-ws';
import type { WebSocket, WebSocketServer } from 'ws';
import type { InFlight } from '../lib/in-flight';
import { PushQueue, type PushSink } from '../lib/push-queue';

// The graphql-transport-ws protocol (graphql-ws's, as its `makeServer` + `use/ws` serve it: the same
// messages, close codes and order), served over our `ws` server with less kept per socket and less done
// per message:
// - a socket is one Connection object: its listeners are functions shared by every socket (the socket's
//   Connection is a property of it), and the keep-alive is one timer for all sockets, not two per
//   socket; graphql-ws kept per socket ~10 closures, a timer, and per subscription a suspended async
//   function, an `emit` object with three closures and a `for await` over the subscription;
// - a subscription that hands its results through a PushQueue (a shared execution's, shared-
//   subscriptions.ts) is listened to, not iterated: each result is written when it is pushed, with no
//   promise or microtask per socket, and an idle subscription holds no pending promise;
// - a result is serialised once, however many sockets receive it (`frameOf`): each socket's `next` frame
//   is the result's JSON behind the subscription's id, a Buffer shared by sockets whose subscription
//   has the same id.
// Each socket keeps its own queue: while a socket's writes wait for the network, its results wait in
// its queue (PushQueue's bound: one that stops reading is dropped alone), as graphql-ws waited for each
// write before reading the next result.

type Result = ExecutionResult;
type Run = (args: ExecutionArgs) => Promise<Result | AsyncIterable<Result>> | Result | AsyncIterable<Result>;

/** What onSubscribe prepares for one operation. */
export interface PreparedOperation {
  args: ExecutionArgs;
  execute: Run;
  subscribe: Run;
}

export interface SocketServerHooks<S> {
  /** Per-socket state of the caller, made when the socket opens (from its upgrade request). */
  open(socket: WebSocket, request: IncomingMessage): S;
  /** connection_init: false refuses the socket (4403), as graphql-ws's onConnect. */
  onConnect(connection: Connection<S>, request: IncomingMessage): Promise<boolean> | boolean;
  /** A subscribe message: the operation to run, or the errors to answer with. */
  onSubscribe(
    connection: Connection<S>,
    id: string,
    payload: SubscribePayload,
  ): Promise<PreparedOperation | readonly GraphQLError[]>;
  /** An internal error of a socket or of our handling of a message (the socket is closed with 4500). */
  onInternalError(error: unknown): void;
  /** Whether the 4500 close reason carries the error's message (development) or only 'Internal server error'. */
  exposeInternalErrors: boolean;
  /** Counts each message until it is handled (a subscription until it has started), for shutdown. */
  inFlight?: InFlight;
}

const isAsyncIterable = (value: unknown): value is AsyncIterable<Result> =>
  typeof (value as AsyncIterable<Result> | null)?.[Symbol.asyncIterator] === 'function';

/** A WebSocket close reason is at most 123 bytes. */
function closeReason(reason: string, fallback: string): string {
  return Buffer.byteLength(reason) < 124 ? reason : fallback;
}

const SEND_TEXT = { binary: false } as const;

/** Each result's payload, serialised once, and its last frame (the same id's next result is the same bytes). */
interface Serialised {
  json: string;
  id: string | undefined;
  frame: Buffer | undefined;
}
const serialised = new WeakMap<Result, Serialised>();

/** The `next` frame of subscription `id` for `result`, from the result's JSON serialised once. */
export function frameOf(id: string, result: Result): Buffer {
  let entry = serialised.get(result);
  if (!entry) {
    // As graphql-ws's: the errors as their toJSON() (JSON.stringify calls it), no `errors` key without.
    entry = { json: JSON.stringify(result), id: undefined, frame: undefined };
    serialised.set(result, entry);
  }
  if (entry.id !== id || !entry.frame) {
    entry.id = id;
    entry.frame = Buffer.from(`{"id":${JSON.stringify(id)},"type":"next","payload":${entry.json}}`);
  }
  return entry.frame;
}

/** Where a socket's Connection is kept on the socket (its listeners are shared by every socket). */
const CONNECTION = Symbol('connection');
type ServedSocket = WebSocket & { [CONNECTION]?: Connection<unknown> };

/** One live operation of a socket. */
class Subscription implements PushSink<Result> {
  readonly connection: Connection<unknown>;
  readonly id: string;
  /** The running operation (null until it has started). */
  source: AsyncIterator<Result> | null = null;

  constructor(connection: Connection<unknown>, id: string) {
    this.connection = connection;
    this.id = id;
  }

  get current(): boolean {
    return this.connection.subscriptions.get(this.id) === this;
  }

  /** Reads the source: listened to if it is a PushQueue, else iterated. */
  start(source: AsyncIterator<Result>) {
    this.source = source;
    if (source instanceof PushQueue) source.listen(this);
    else this.pull();
  }

  // PushSink: a pushed result is written at once; while the socket's earlier writes still wait for the
  // network, the queue is paused until this one is written (results then wait in the queue, bounded).
  onValue(result: Result) {
    const socket = this.connection.socket;
    // Closing: nothing more is written (as graphql-ws); its subscriptions end with the close.
    if (socket.readyState !== socket.OPEN) return;
    const queue = this.source as PushQueue<Result>;
    let frame: Buffer;
    try {
      frame = frameOf(this.id, result);
    } catch (error) {
      // Not this socket's neighbours' problem (they are handed the same result in the same loop).
      this.fail(error);
      this.stop();
      return;
    }
    if (socket.bufferedAmount === 0) {
      socket.send(frame, SEND_TEXT);
      return;
    }
    // Called back once written (or failed, when the socket goes), never synchronously.
    queue.pause();
    socket.send(frame, SEND_TEXT, () => queue.resume());
  }

  onEnd(failure: Error | undefined) {
    if (failure) this.fail(failure);
    else this.complete();
  }

  /** An iterated source: the next result once the previous one is written. */
  pull() {
    const source = this.source;
    if (!source || !this.current) return;
    source
      .next()
      .then((step) => {
        if (step.done) return this.complete();
        if (!this.current) return;
        const frame = frameOf(this.id, step.value);
        if (this.connection.socket.bufferedAmount === 0) {
          this.connection.send(frame);
          this.pull();
        } else {
          this.connection.send(frame, () => this.pull());
        }
      })
      .catch((error: unknown) => {
        this.fail(error);
        this.stop();
      });
  }

  /** The source ended: `complete` to the client, unless the client completed it first. */
  complete() {
    if (!this.current) return;
    this.connection.subscriptions.delete(this.id);
    this.connection.sendMessage({ id: this.id, type: MessageType.Complete });
  }

  /** The source failed: an `error` message, as graphql-ws words it, and no `complete`. */
  fail(error: unknown) {
    if (!this.current) return;
    this.connection.subscriptions.delete(this.id);
    const originalError = error instanceof Error ? error : new Error(String(error));
    this.connection.sendMessage({
      id: this.id,
      type: MessageType.Error,
      payload: [new GraphQLError(originalError.message, { originalError }).toJSON()],
    });
  }

  /** The client completed it, or the socket closed. */
  stop() {
    const source = this.source;
    this.source = null;
    source?.return?.()?.catch(() => {});
  }
}

/** One socket. */
export class Connection<S> {
  readonly socket: WebSocket;
  /** The caller's per-socket state (ws.ts: the socket's context). */
  state: S;
  /** The upgrade request, kept until connection_init (the cookie and origin are read then). */
  request: IncomingMessage | undefined;
  connectionParams: Record<string, unknown> | undefined;
  initReceived = false;
  acknowledged = false;
  /** Operations by id; null while one is being prepared. */
  readonly subscriptions = new Map<string, Subscription | null>();
  initTimer: NodeJS.Timeout | undefined;
  /** Answered the last ping (the keep-alive's). */
  alive = true;
  /** Which turn of the keep-alive pings this socket (the sockets are pinged in turns, not all at once). */
  readonly turn: number;

  constructor(socket: WebSocket, state: S, request: IncomingMessage, turn: number) {
    this.socket = socket;
    this.state = state;
    this.request = request;
    this.turn = turn;
  }

  /** Writes a frame (nothing once the socket is closing, as graphql-ws). */
  send(data: Buffer | string, written?: (error?: Error) => void) {
    if (this.socket.readyState !== this.socket.OPEN) {
      written?.();
      return;
    }
    this.socket.send(data, SEND_TEXT, written);
  }

  sendMessage(message: Message) {
    this.send(JSON.stringify(message));
  }

  close(code: number, reason: string) {
    this.socket.close(code, reason);
  }
}

/**
 * Keep-alive turns: each socket is pinged once every keepAliveMs, a hundredth of the sockets at a time.
 * A ping is a write (~10-20 µs of a syscall here): 10,000 sockets in ten turns held the event loop for
 * ~20 ms every 1.2 s, and an event published then waited for it; in a hundred turns, ~2 ms every 120 ms.
 */
const TURNS = 100;

export function serveGraphqlWs<S>(wss: WebSocketServer, hooks: SocketServerHooks<S>, keepAliveMs: number) {
  wss.options.handleProtocols = handleProtocols;
  /** The open sockets by keep-alive turn (a socket's turn is fixed when it opens). */
  const turns = Array.from({ length: TURNS }, () => new Set<Connection<S>>());
  let opened = 0;
  function* connections(): Generator<Connection<S>> {
    for (const turn of turns) yield* turn;
  }

  function connectionOf(socket: WebSocket): Connection<S> {
    return (socket as ServedSocket)[CONNECTION] as Connection<S>;
  }

  /** A failure of a socket or of a message handler: logged, and the socket closed with 4500 (as graphql-ws). */
  function internalError(socket: WebSocket, error: unknown) {
    hooks.onInternalError(error);
    const message = error instanceof Error ? error.message : String(error);
    const generic = 'Internal server error';
    socket.close(CloseCode.InternalServerError, hooks.exposeInternalErrors ? closeReason(message, generic) : generic);
  }

  async function connectionInit(connection: Connection<S>, message: ConnectionInitMessage) {
    if (connection.initReceived) {
      connection.close(CloseCode.TooManyInitialisationRequests, 'Too many initialisation requests');
      return;
    }
    connection.initReceived = true;
    clearTimeout(connection.initTimer);
    connection.initTimer = undefined;
    const payload = message.payload;
    if (payload && typeof payload === 'object' && !Array.isArray(payload)) connection.connectionParams = payload;
    const request = connection.request as IncomingMessage;
    connection.request = undefined;
    const permitted = await hooks.onConnect(connection, request);
    connection.connectionParams = undefined;
    if (!permitted) {
      connection.close(CloseCode.Forbidden, 'Forbidden');
      return;
    }
    connection.acknowledged = true;
    connection.sendMessage({ type: MessageType.ConnectionAck });
  }

  async function subscribe(connection: Connection<S>, message: SubscribeMessage) {
    if (!connection.acknowledged) {
      connection.close(CloseCode.Unauthorized, 'Unauthorized');
      return;
    }
    const { id, payload } = message;
    const subscriptions = connection.subscriptions;
    if (subscriptions.has(id)) {
      connection.close(CloseCode.SubscriberAlreadyExists, `Subscriber for ${id} already exists`);
      return;
    }
    subscriptions.set(id, null);
    const subscription = new Subscription(connection as Connection<unknown>, id);
    try {
      const prepared = await hooks.onSubscribe(connection, id, payload);
      if (!('args' in prepared)) {
        const payload = prepared.map((error) => error.toJSON());
        if (subscriptions.has(id)) connection.sendMessage({ id, type: MessageType.Error, payload });
        return;
      }
      const { args, execute, subscribe } = prepared;
      const operation = getOperationAST(args.document, args.operationName);
      if (!operation) {
        if (subscriptions.has(id))
          connection.sendMessage({
            id,
            type: MessageType.Error,
            payload: [new GraphQLError('Unable to identify operation').toJSON()],
          });
        return;
      }
      const result = await (operation.operation === 'subscription' ? subscribe(args) : execute(args));
      if (isAsyncIterable(result)) {
        const source = result[Symbol.asyncIterator]();
        // Completed by the client (or the socket closed) while starting: end what was started.
        if (!subscriptions.has(id)) {
          source.return?.()?.catch(() => {});
          return;
        }
        subscriptions.set(id, subscription);
        subscription.start(source);
        return;
      }
      if (!subscriptions.has(id)) return;
      subscriptions.set(id, subscription);
      connection.send(frameOf(id, result));
      subscription.complete();
    } finally {
      // Nothing started (errors, a single result, or completed meanwhile): the id is free again.
      if (subscriptions.get(id) === null) subscriptions.delete(id);
    }
  }

  function completeFromClient(connection: Connection<S>, id: string) {
    const subscription = connection.subscriptions.get(id);
    connection.subscriptions.delete(id);
    subscription?.stop();
  }

  async function handle(connection: Connection<S>, data: string) {
    let message: Message;
    try {
      message = parseMessage(data);
    } catch {
      connection.close(CloseCode.BadRequest, 'Invalid message received');
      return;
    }
    switch (message.type) {
      case MessageType.ConnectionInit:
        return connectionInit(connection, message);
      case MessageType.Ping:
        connection.sendMessage(
          message.payload ? { type: MessageType.Pong, payload: message.payload } : { type: MessageType.Pong },
        );
        return;
      case MessageType.Pong:
        return;
      case MessageType.Subscribe:
        return subscribe(connection, message);
      case MessageType.Complete:
        return completeFromClient(connection, message.id);
      default:
        throw new Error(`Unexpected message of type ${message.type} received`);
    }
  }

  // The listeners, shared by every socket (`this` is the socket).
  function onMessage(this: WebSocket, data: Buffer | ArrayBuffer | Buffer[]) {
    const connection = connectionOf(this);
    const handled = handle(connection, String(data)).catch((error: unknown) => internalError(connection.socket, error));
    hooks.inFlight?.track(handled);
  }
  function onPong(this: WebSocket) {
    connectionOf(this).alive = true;
  }
  function onError(this: WebSocket, error: Error) {
    internalError(this, error);
  }
  function onClose(this: WebSocket) {
    const connection = connectionOf(this);
    turns[connection.turn]?.delete(connection);
    clearTimeout(connection.initTimer);
    connection.initTimer = undefined;
    connection.request = undefined;
    const subscriptions = [...connection.subscriptions.values()];
    connection.subscriptions.clear();
    for (const subscription of subscriptions) subscription?.stop();
  }

  wss.on('connection', (socket: WebSocket, request: IncomingMessage) => {
    const connection = new Connection(socket, hooks.open(socket, request), request, opened++ % TURNS);
    (socket as ServedSocket)[CONNECTION] = connection as Connection<unknown>;
    socket.once('error', onError);
    socket.once('close', onClose);
    if (socket.protocol !== GRAPHQL_TRANSPORT_WS_PROTOCOL) {
      connection.request = undefined;
      socket.close(CloseCode.SubprotocolNotAcceptable, 'Subprotocol not acceptable');
      return;
    }
    turns[connection.turn]?.add(connection);
    socket.on('message', onMessage);
    socket.on('pong', onPong);
    connection.initTimer = setTimeout(() => {
      connection.initTimer = undefined;
      if (!connection.initReceived)
        connection.close(CloseCode.ConnectionInitialisationTimeout, 'Connection initialisation timeout');
    }, 3_000);
  });

  // Keep-alive: every keepAliveMs each socket is pinged, and one that has not answered the previous ping
  // by then is dropped. One timer for all sockets, each tick pinging one turn's sockets.
  let tick = 0;
  const keepAlive =
    keepAliveMs > 0 && Number.isFinite(keepAliveMs)
      ? setInterval(() => {
          const turn = turns[tick++ % TURNS] as Set<Connection<S>>;
          for (const connection of turn) {
            if (connection.socket.readyState !== connection.socket.OPEN) continue;
            if (!connection.alive) {
              connection.socket.terminate();
              continue;
            }
            connection.alive = false;
            connection.socket.ping();
          }
        }, keepAliveMs / TURNS)
      : null;
  keepAlive?.unref();

  return {
    /** The open sockets. */
    connections,
    /** Says "going away" (1001) to every client. */
    dispose() {
      if (keepAlive) clearInterval(keepAlive);
      for (const client of wss.clients) client.close(1001, 'Going away');
    },
  };
}
