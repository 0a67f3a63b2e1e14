import {
  createSourceEventStream,
  type ExecutionArgs,
  type ExecutionResult,
  execute,
  type GraphQLError,
  getOperationAST,
} from 'graphql';
import type { Logger } from '../lib/logger';
import { activeSubscriptions, graphqlOperations, operationLabel } from '../lib/metrics';
import { PushQueue, type PushSink } from '../lib/push-queue';
import { maskError } from './yoga';

// A WebSocket subscription run the way the GraphQL spec describes it ("MapSourceToResponseEvent"): its
// root field's `subscribe` resolver (behind its auth scopes) gives the stream of events once, and each
// event is executed with the event as root value. One object per subscription holds it.
//
// Why not Yoga's `subscribe`: an idle subscription there is a stack of about eight iterator wrappers
// (the executor's map and flatten, envelop's map / final / error wrappers of each plugin hook), each
// with its own closures and pending promise: ~12 KB per subscription, 10,000 users' two subscriptions
// each ~250 MB, and most of the CPU of a reconnect storm. What those wrappers do for a subscription is
// kept here: the operation metrics of yoga.ts's operationsPlugin (a start counted ok, the live count)
// and error masking (yoga.ts's `maskError`, internal errors logged as its Yoga configuration does). A
// start that fails (auth scopes, bad arguments) is handed back to Yoga's `subscribe`, which answers it
// exactly as before: masked, logged and counted as an error.

type Result = ExecutionResult;

/**
 * Each event of the source executed with the subscriber's arguments, in order, into a PushQueue of
 * results (what the socket or the shared execution listens to). A source that is itself a PushQueue
 * (the event bus's) is listened to: an idle subscription holds no pending promise or callbacks, only
 * its objects. Ending the results (the consumer returns, or overflows) ends the source.
 */
class SubscriptionEvents implements PushSink<unknown> {
  #ended = false;
  readonly source: AsyncIterator<unknown>;
  readonly args: ExecutionArgs;
  readonly logger: Logger;
  readonly results: PushQueue<Result>;

  constructor(source: AsyncIterator<unknown>, args: ExecutionArgs, logger: Logger) {
    this.source = source;
    this.args = args;
    this.logger = logger;
    this.results = new PushQueue<Result>(() => this.#end());
    if (source instanceof PushQueue) source.listen(this);
    else this.#pull();
  }

  /** What a client may see of an error of this subscription. */
  #mask(error: unknown): GraphQLError {
    const masked = maskError(error, 'Unexpected error.') as GraphQLError;
    if (masked.extensions?.code === 'INTERNAL_SERVER_ERROR') this.logger.error({ err: error }, 'graphql error');
    return masked;
  }

  // PushSink of the source: one event executes at a time; the next ones wait in the source's queue.
  onValue(event: unknown) {
    const source = this.source as PushQueue<unknown>;
    source.pause();
    this.#execute(event).then(
      (result) => {
        this.results.push(result);
        source.resume();
      },
      (error: unknown) => this.#fail(error),
    );
  }

  onEnd(failure: Error | undefined) {
    if (failure) this.#fail(failure);
    else this.results.end();
  }

  /** A source that is not a PushQueue: read one event after the other. */
  #pull() {
    if (this.#ended) return;
    this.source
      .next()
      .then(
        (step) => {
          if (step.done) return this.results.end();
          return this.#execute(step.value).then((result) => {
            if (this.results.push(result)) this.#pull();
          });
        },
        (error: unknown) => this.#fail(error),
      )
      .catch((error: unknown) => this.#fail(error));
  }

  #fail(error: unknown) {
    this.results.fail(this.#mask(error));
  }

  /**
   * One event, with a context of its own (a shallow copy): what plugins cache per context (auth
   * scopes, loaders) lives for this event only, and is not kept for the life of the subscription.
   */
  async #execute(event: unknown): Promise<Result> {
    const { contextValue } = this.args;
    const result = await execute({
      ...this.args,
      contextValue: contextValue && typeof contextValue === 'object' ? { ...contextValue } : contextValue,
      rootValue: event,
    });
    if (!result.errors?.length) return result;
    return { ...result, errors: result.errors.map((error) => this.#mask(error)) };
  }

  /** The results ended (consumer gone, overflow, or the source ended): the source ends too. */
  #end() {
    if (this.#ended) return;
    this.#ended = true;
    activeSubscriptions.dec();
    this.source.return?.()?.catch(() => {});
  }
}

/**
 * Starts the subscription of `args`. Null when it could not start (the caller hands the operation to
 * Yoga's `subscribe` for its error result).
 */
export async function subscriptionEvents(args: ExecutionArgs, logger: Logger): Promise<PushQueue<Result> | null> {
  let stream: Awaited<ReturnType<typeof createSourceEventStream>>;
  try {
    // Started with a copy of the context too: the subscription keeps the pristine one only.
    const { contextValue } = args;
    stream = await createSourceEventStream({
      ...args,
      contextValue: contextValue && typeof contextValue === 'object' ? { ...contextValue } : contextValue,
    });
  } catch {
    return null;
  }
  if (!(Symbol.asyncIterator in stream)) return null;
  const operation = getOperationAST(args.document, args.operationName);
  graphqlOperations.inc({
    name: operationLabel(operation?.name?.value ?? args.operationName),
    type: 'subscription',
    result: 'ok',
  });
  activeSubscriptions.inc();
  return new SubscriptionEvents(stream[Symbol.asyncIterator](), args, logger).results;
}
