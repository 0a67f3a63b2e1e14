import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

// Prometheus metrics for /metrics: HTTP requests by route and status, GraphQL operations by name and
// type, live subscriptions, and event delivery latency (commit -> subscriber). One registry per
// process; several apps in one process (tests) share it, which only sums their numbers.

export const metricsRegistry = new Registry();
collectDefaultMetrics({ register: metricsRegistry });

export const httpRequests = new Counter({
  name: 'http_requests_total',
  help: 'HTTP requests by method, route pattern and status code',
  labelNames: ['method', 'route', 'status'] as const,
  registers: [metricsRegistry],
});

export const httpRequestSeconds = new Histogram({
  name: 'http_request_duration_seconds',
  help: 'HTTP request duration by method and route pattern',
  labelNames: ['method', 'route'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
  registers: [metricsRegistry],
});

export const graphqlOperations = new Counter({
  name: 'graphql_operations_total',
  help: 'GraphQL operations executed, by operation name and type, and whether they returned errors',
  labelNames: ['name', 'type', 'result'] as const,
  registers: [metricsRegistry],
});

export const activeSubscriptions = new Gauge({
  name: 'graphql_active_subscriptions',
  help: 'GraphQL subscriptions currently executing (SSE, and WebSocket sources: sockets that share one count once)',
  registers: [metricsRegistry],
});

export const webSocketSubscribers = new Gauge({
  name: 'graphql_websocket_subscribers',
  help: 'Subscriptions open on WebSockets, one per socket and operation',
  registers: [metricsRegistry],
});

export const sharedSubscriptionSources = new Gauge({
  name: 'graphql_shared_subscription_sources',
  help: 'WebSocket subscription sources, each executed once per event for the sockets sharing it',
  registers: [metricsRegistry],
});

export const eventDeliverySeconds = new Histogram({
  name: 'event_delivery_seconds',
  help: 'Time from a change committing to its event reaching a subscriber on this instance, by topic',
  labelNames: ['topic'] as const,
  buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
  registers: [metricsRegistry],
});

const MAX_OPERATION_NAMES = 200;
const seenNames = new Set<string>();

/** Operation names are chosen by clients: keep the label set bounded. */
export function operationLabel(name: string | null | undefined): string {
  if (!name) return 'anonymous';
  if (!/^[A-Za-z_][A-Za-z0-9_]{0,63}$/.test(name)) return 'invalid';
  if (seenNames.has(name)) return name;
  if (seenNames.size >= MAX_OPERATION_NAMES) return 'other';
  seenNames.add(name);
  return name;
}
