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

/** Each event executed with the subscriber's arguments; ends the source with the subscription. */
class SubscriptionEvents implements AsyncIterableIterator<Result> {
  #ended = false;
  readonly source: AsyncIterator<unknown>;
  readonly args: ExecutionArgs;
  readonly logger: Logger;

  constructor(source: AsyncIterator<unknown>, args: ExecutionArgs, logger: Logger) {
    this.source = source;
    this.args = args;
    this.logger = logger;
  }

  /** What a client may see of an error of this subscription. */
  #mask(error: unknown): GraphQLError {
    const masked = maskError(error, 'Unexpected error.') as GraphQLError;
    if (masked.extensions?.code === 'INTERNAL_SERVER_ERROR') this.logger.error({ err: error }, 'graphql error');
    return masked;
  }

  // Not an async function: an idle subscription waits in its source's promise alone, not also in a
  // suspended frame of this method (one per subscription, ~0.4 KB).
  next(): Promise<IteratorResult<Result>> {
    return this.source.next().then(
      (step) => {
        if (!step.done) return this.#execute(step.value);
        this.#end();
        return { value: undefined, done: true };
      },
      (error: unknown) => {
        this.#end();
        throw this.#mask(error);
      },
    );
  }

  /**
   * One event, with a context of its own (a shallow copy): what plugins cache per context (auth
   * scopes, loaders) lives for this event only, and is not kept for the life of the subscription.
   */
  async #execute(event: unknown): Promise<IteratorResult<Result>> {
    const { contextValue } = this.args;
    const result = await execute({
      ...this.args,
      contextValue: contextValue && typeof contextValue === 'object' ? { ...contextValue } : contextValue,
      rootValue: event,
    });
    if (!result.errors?.length) return { value: result, done: false };
    return { value: { ...result, errors: result.errors.map((error) => this.#mask(error)) }, done: false };
  }

  async return(): Promise<IteratorResult<Result>> {
    this.#end();
    await this.source.return?.();
    return { value: undefined, done: true };
  }

  async throw(error?: unknown): Promise<IteratorResult<Result>> {
    this.#end();
    await this.source.return?.();
    throw error;
  }

  [Symbol.asyncIterator](): this {
    return this;
  }

  #end() {
    if (this.#ended) return;
    this.#ended = true;
    activeSubscriptions.dec();
  }
}

/**
 * Starts the subscription of `args`. Null when it could not start (the caller hands the operation to
 * Yoga's `subscribe` for its error result).
 */
export async function subscriptionEvents(
  args: ExecutionArgs,
  logger: Logger,
): Promise<AsyncIterableIterator<Result> | null> {
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
  return new SubscriptionEvents(stream[Symbol.asyncIterator](), args, logger);
}
