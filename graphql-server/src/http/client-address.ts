import type { IncomingMessage } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';

// Who the client is, for every per-IP rule (rate limits, login throttling, sessions' recorded ip), read
// the same way by both doors: fastify (REST and GraphQL over HTTP, through its trustProxy option) and
// the WebSocket upgrade (graphql/ws.ts). X-Forwarded-For is believed only as far as TRUST_PROXY says:
// off by default (the peer's own address counts), a list of proxy addresses/CIDRs, or a hop count.

/** TRUST_PROXY, parsed: false (off), the number of proxy hops in front, or the proxies' addresses/CIDRs. */
export type TrustProxySetting = false | number | string[];

export type TrustFunction = (address: string, hop: number) => boolean;

/** Reads TRUST_PROXY ('', 'false', '2', '127.0.0.1,10.0.0.0/8', 'loopback'); throws on a malformed list. */
export function parseTrustProxy(value: string | undefined): TrustProxySetting {
  const text = (value ?? '').trim();
  if (text === '' || /^(false|off|0)$/i.test(text)) return false;
  if (/^\d+$/.test(text)) return Number(text);
  if (/^(true|on)$/i.test(text)) {
    throw new Error('TRUST_PROXY=true would believe X-Forwarded-For from anyone: list the proxy addresses or hops');
  }
  const list = text
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  proxyAddr.compile(list); // throws "invalid IP address" / "invalid range" on a bad entry
  return list;
}

/** The trust rule fastify and the WebSocket share; false when nothing is trusted. */
export function trustFunction(setting: TrustProxySetting): TrustFunction | false {
  if (setting === false) return false;
  // A hop count trusts that many proxies whatever their address: only right when the app port is reachable
  // through the proxy alone (fastify itself treats a bare number as "trust nothing", hence the function).
  if (typeof setting === 'number') return (_address, hop) => hop < setting;
  return proxyAddr.compile(setting);
}

/** The client's address of a raw request (HTTP request or WebSocket upgrade) under the trust rule. */
export function clientAddress(request: IncomingMessage, trust: TrustFunction | false): string {
  if (!trust) return request.socket.remoteAddress ?? '';
  return proxyAddr(request, trust);
}
