import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import type { IncomingHttpHeaders } from 'node:http';
import fastifyHelmet from '@fastify/helmet';
import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Redis } from 'ioredis';
import { DomainError } from '../lib/errors';
import { RATE_LIMITED_ROUTES, type RateBucket, type RateLimits } from './limits';
import { readBearerToken } from './session';

// HTTP hardening, registered before any route: security headers with a CSP that fits the web client
// (self + Stripe), the Origin check for cookie-authenticated writes, and the per-IP rate limits of
// http/limits.ts for REST (GraphQL mutations use the same limiters through `rateLimit`). Requests that
// carry a personal access token (`Authorization: Bearer`, issue 20) skip the Origin check: they carry no
// ambient credential a foreign page could borrow (the gate ignores the cookie then), and a browser cannot
// add that header cross-site without a CORS preflight, which this server never grants.

export interface Security {
  /** Counts one hit of `bucket` for this client; throws RATE_LIMITED (429) once over the limit. */
  rateLimit(bucket: RateBucket, client: { ip: string }): Promise<void>;
  /** Counts one request made with this personal access token (the `token` bucket, keyed by token id). */
  rateLimitToken(tokenId: number): Promise<void>;
  /**
   * True when a browser sent this request from another site (CSRF / cross-site WebSocket). The Origin is
   * compared with PUBLIC_URL and ALLOWED_ORIGINS only, never with Host or X-Forwarded-Host, which the
   * sender controls.
   */
  isCrossSite(headers: IncomingHttpHeaders): boolean;
}

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Called by Stripe's servers (signed body) and by mail clients' one-click unsubscribe (signed token in the URL, no cookie): exempt from the Origin check. */
const ORIGIN_EXEMPT = new Set(['/api/payment/webhook', '/api/notifications/unsubscribe']);

/** sha256 sources for the inline scripts of the built index.html (the pre-paint theme script). */
export function inlineScriptHashes(indexHtmlPath: string): string[] {
  if (!existsSync(indexHtmlPath)) return [];
  const html = readFileSync(indexHtmlPath, 'utf8');
  return [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map(
    (m) =>
      `'sha256-${createHash('sha256')
        .update(m[1] ?? '')
        .digest('base64')}'`,
  );
}

export function contentSecurityPolicy(publicUrl: string, scriptHashes: string[]) {
  const url = new URL(publicUrl);
  const https = url.protocol === 'https:';
  const socketOrigin = `${https ? 'wss' : 'ws'}://${url.host}`;
  return {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      baseUri: ["'self'"],
      objectSrc: ["'none'"],
      frameAncestors: ["'none'"],
      formAction: ["'self'"],
      scriptSrc: ["'self'", 'https://js.stripe.com', ...scriptHashes],
      scriptSrcAttr: ["'none'"],
      // Tailwind is a stylesheet; 'unsafe-inline' only for style attributes/elements set by UI libraries.
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:', 'https://*.stripe.com'],
      fontSrc: ["'self'", 'data:'],
      // 'self' covers same-origin ws/wss in current browsers; the explicit origin covers older Safari.
      connectSrc: ["'self'", socketOrigin, 'https://api.stripe.com'],
      frameSrc: ['https://js.stripe.com', 'https://hooks.stripe.com'],
      workerSrc: ["'self'", 'blob:'],
      manifestSrc: ["'self'"],
      ...(https ? { upgradeInsecureRequests: [] } : {}),
    },
  };
}

export async function registerSecurity(
  app: FastifyInstance,
  options: {
    publicUrl: string;
    /** Extra origins allowed to send cookie-authenticated writes (besides our own). */
    allowedOrigins?: string[];
    rateLimits: RateLimits;
    redisUrl?: string | undefined;
    indexHtmlPath: string;
    graphiql: boolean;
  },
): Promise<Security> {
  const https = options.publicUrl.startsWith('https://');
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: contentSecurityPolicy(options.publicUrl, inlineScriptHashes(options.indexHtmlPath)),
    crossOriginEmbedderPolicy: false,
    // Stripe's 3-D Secure and wallet flows may open windows that must be able to post back.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    strictTransportSecurity: https ? { maxAge: 15552000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  if (options.graphiql) {
    // GraphiQL (development, or GRAPHIQL=true) loads its page from unpkg and runs inline code.
    app.addHook('onSend', async (request, reply) => {
      if (request.url.startsWith('/graphql') && String(reply.getHeader('content-type')).startsWith('text/html')) {
        reply.header(
          'content-security-policy',
          "default-src 'self'; script-src 'self' 'unsafe-inline' https://unpkg.com; style-src 'self' 'unsafe-inline' https://unpkg.com; img-src 'self' data: https://unpkg.com; font-src 'self' data: https://unpkg.com; connect-src 'self' ws: wss:; frame-ancestors 'none'",
        );
      }
    });
  }

  // --- Origin check ----------------------------------------------------------------------------------
  const allowed = new Set([options.publicUrl, ...(options.allowedOrigins ?? [])].map((url) => new URL(url).origin));
  const isCrossSite: Security['isCrossSite'] = (headers) => {
    const site = headers['sec-fetch-site'];
    if (site === 'same-origin' || site === 'none') return false;
    const origin = headers.origin;
    if (!origin) return site === 'cross-site' || site === 'same-site';
    if (origin === 'null') return true;
    try {
      return !allowed.has(new URL(origin).origin);
    } catch {
      return true;
    }
  };
  app.addHook('onRequest', async (request) => {
    if (!WRITE_METHODS.has(request.method)) return;
    const path = request.url.split('?')[0] ?? '';
    if (!(path.startsWith('/api/') || path === '/graphql') || ORIGIN_EXEMPT.has(path)) return;
    if (readBearerToken(request.headers.authorization) !== null) return;
    if (isCrossSite(request.headers)) {
      throw new DomainError('FORBIDDEN', 'Cross-site request refused');
    }
  });

  // --- Rate limits ------------------------------------------------------------------------------------
  const redis = options.redisUrl
    ? new Redis(options.redisUrl, { maxRetriesPerRequest: 1, enableOfflineQueue: false, lazyConnect: false })
    : undefined;
  redis?.on('error', () => {}); // the event transport reports Redis outages; limits then fail open
  await app.register(fastifyRateLimit, {
    global: false,
    skipOnError: true,
    ...(redis ? { redis, nameSpace: 'vetconsult-rate:' } : {}),
  });
  if (redis) app.addHook('onClose', async () => redis.disconnect());
  const limiters = new Map(
    (Object.keys(options.rateLimits) as RateBucket[]).map((bucket) => {
      const rule = options.rateLimits[bucket];
      return [
        bucket,
        app.createRateLimit({
          max: rule.max,
          timeWindow: rule.windowMs,
          keyGenerator: (request: FastifyRequest) => `${bucket}:${request.ip}`,
        }),
      ] as const;
    }),
  );
  const hit = async (bucket: RateBucket, key: string, tooMany: string) => {
    const limiter = limiters.get(bucket);
    if (!limiter) return;
    // The limiter reads only the ip (our key) and the route's config.
    const result = await limiter({ ip: key, routeOptions: { config: {} } } as unknown as FastifyRequest);
    if (!result.isAllowed && result.isExceeded) {
      const minutes = Math.max(1, Math.ceil(result.ttlInSeconds / 60));
      throw new DomainError(
        'RATE_LIMITED',
        `${tooMany} Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
        { retryAfterSeconds: result.ttlInSeconds },
      );
    }
  };
  const rateLimit: Security['rateLimit'] = (bucket, client) => hit(bucket, client.ip, 'Too many requests.');
  const rateLimitToken: Security['rateLimitToken'] = (tokenId) =>
    hit('token', String(tokenId), 'Too many requests with this access token.');
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      const bucket = RATE_LIMITED_ROUTES[`${method} ${route.url}`];
      if (!bucket) continue;
      const hooks = [route.onRequest ?? []].flat();
      route.onRequest = [
        ...hooks,
        async (request: FastifyRequest) => {
          if (request.method === method) await rateLimit(bucket, request);
        },
      ];
    }
  });

  return { rateLimit, rateLimitToken, isCrossSite };
}
