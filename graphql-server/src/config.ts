import { resolve } from 'node:path';
import { z } from 'zod';
import type { LoginThrottleOptions } from './domain/auth/login-throttle';
import { DEFAULT_URGENCY_FEE_CENTS, type Fees } from './domain/payments/pricing';
import { parseTrustProxy } from './http/client-address';
import { RATE_LIMITS } from './http/limits';

// The environment, read once and validated. Every variable has an embedded default so that
// `npm start` on a fresh machine runs the whole product offline (see README "Configuration").

const bool = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1');
const optionalString = z
  .string()
  .optional()
  .transform((v) => (v ? v : undefined));

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(4000),
  PUBLIC_URL: optionalString,
  /**
   * Which peers may set X-Forwarded-For/-Host/-Proto: unset (nobody), a comma-separated list of proxy
   * addresses or CIDRs (or proxy-addr's names loopback, linklocal, uniquelocal), or a hop count.
   */
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((value, ctx) => {
      try {
        return parseTrustProxy(value);
      } catch (error) {
        ctx.addIssue({ code: 'custom', message: (error as Error).message });
        return z.NEVER;
      }
    }),
  /** Serve /metrics on this port (its own listener) instead of the app port. */
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  /** Require `Authorization: Bearer <token>` for /metrics on the app port. */
  METRICS_TOKEN: optionalString.pipe(
    z.string().min(16, { error: 'METRICS_TOKEN must be at least 16 characters' }).optional(),
  ),
  /** Other origins (comma-separated) allowed to send cookie-authenticated writes, e.g. a separate web host. */
  ALLOWED_ORIGINS: optionalString,
  DATA_DIR: z.string().default('./.data'),
  DATABASE_URL: optionalString,
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
  // Login attempts allowed per client IP in 15 minutes (the end-to-end suite signs in far more often).
  LOGIN_ATTEMPTS_PER_IP: z.coerce.number().int().min(1).default(100),
  /** Multiplies every per-IP rate limit of http/limits.ts (e.g. 100 for a browser test run from one IP). */
  RATE_LIMIT_SCALE: z.coerce.number().min(0.01).max(10_000).default(1),
  REDIS_URL: optionalString,
  /** On shutdown, in-flight requests and sockets get this long to finish; then they are cut. */
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(120_000).default(10_000),
  /**
   * Connections the kernel may hold waiting for accept() (capped by net.core.somaxconn). Node's 511
   * drops SYNs in a reconnect storm of thousands of sockets: they are retried after 1, 3, 7 s...
   */
  LISTEN_BACKLOG: z.coerce.number().int().min(1).max(65_535).default(4096),
  /** The server pings every WebSocket this often and drops one that has not answered by the next ping. */
  WS_KEEPALIVE_MS: z.coerce.number().int().min(0).max(600_000).default(12_000),
  /** Sockets of one user running the same subscription share one execution per event (see ws.ts). */
  WS_SHARED_EXECUTION: z
    .enum(['true', 'false', '1', '0'])
    .default('true')
    .transform((v) => v === 'true' || v === '1'),
  /** Issue 14: run the job queue (notification delivery, reminders) in this server process. */
  JOBS_IN_PROCESS: z
    .enum(['true', 'false', '1', '0'])
    .default('true')
    .transform((v) => v === 'true' || v === '1'),
  /** How often an idle job runner looks for due jobs (it is woken at once by changes in its process). */
  JOBS_POLL_MS: z.coerce.number().int().min(10).max(600_000).default(1000),
  /** The first retry of a failed job waits this long; each next one doubles (up to an hour). */
  JOBS_RETRY_BASE_MS: z.coerce.number().int().min(0).max(3_600_000).default(5000),
  /** Signs unsubscribe links (issue 14); generated into DATA_DIR when unset. Instances must share it. */
  SERVER_SECRET: optionalString.pipe(
    z.string().min(32, { error: 'SERVER_SECRET must be at least 32 characters' }).optional(),
  ),
  /** A pending case not accepted after this many hours gets one reminder to its specialist. */
  REMINDER_PENDING_HOURS: z.coerce
    .number()
    .min(0.01)
    .max(24 * 30)
    .default(4),
  /** A draft untouched for this many days gets one reminder to its veterinarian. */
  REMINDER_DRAFT_DAYS: z.coerce.number().min(0.01).max(365).default(3),
  /**
   * Worker threads that render report PDFs and e-mails (issue 17), off the event loop that serves
   * requests and sockets; started on the first render. 0 renders on the event loop itself (as before).
   */
  RENDER_THREADS: z.coerce.number().int().min(0).max(16).default(1),
  SMTP_URL: optionalString,
  MAIL_FROM: z.string().default('VetConsult <no-reply@vetconsult.local>'),
  ADMIN_EMAIL: z.string().default('admin@vetconsult.local'),
  ADMIN_PASSWORD: z.string().min(8).default('admin-demo-2026'),
  SEED_ON_EMPTY: z
    .enum(['true', 'false', '1', '0'])
    .default('true')
    .transform((v) => v === 'true' || v === '1'),
  /**
   * Web Push (issue 14): the VAPID key pair (base64url, as `npx web-push generate-vapid-keys` prints) and
   * the contact the push services are given (mailto: or https:). Unset: a pair is generated on first
   * start into DATA_DIR/vapid-keys.json and reused.
   */
  VAPID_PUBLIC_KEY: optionalString,
  VAPID_PRIVATE_KEY: optionalString,
  VAPID_SUBJECT: optionalString.pipe(
    z
      .string()
      .regex(/^(mailto:|https:\/\/)/, { error: 'VAPID_SUBJECT must start with mailto: or https://' })
      .optional(),
  ),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  GRAPHIQL: bool,
  S3_BUCKET: optionalString,
  S3_ENDPOINT: optionalString,
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  S3_FORCE_PATH_STYLE: bool,
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_PUBLISHABLE_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  CONSULT_FEE_CENTS: z.coerce.number().int().min(0).default(15000),
  REVISIT_FEE_CENTS: z.coerce.number().int().min(0).default(7500),
  CURRENCY: z.string().toLowerCase().default('cad'),
  /** Fees in one currency (clinics in Canada pay CAD, in the US USD); each defaults to the fee above. */
  CONSULT_FEE_CENTS_CAD: z.coerce.number().int().min(0).optional(),
  REVISIT_FEE_CENTS_CAD: z.coerce.number().int().min(0).optional(),
  CONSULT_FEE_CENTS_USD: z.coerce.number().int().min(0).optional(),
  REVISIT_FEE_CENTS_USD: z.coerce.number().int().min(0).optional(),
  /** Issue 19: what Priority (24 h) and STAT (4 h) add on top of the consult or revisit fee. */
  PRIORITY_FEE_CENTS: z.coerce.number().int().min(0).default(DEFAULT_URGENCY_FEE_CENTS.priority),
  STAT_FEE_CENTS: z.coerce.number().int().min(0).default(DEFAULT_URGENCY_FEE_CENTS.stat),
  PRIORITY_FEE_CENTS_CAD: z.coerce.number().int().min(0).optional(),
  STAT_FEE_CENTS_CAD: z.coerce.number().int().min(0).optional(),
  PRIORITY_FEE_CENTS_USD: z.coerce.number().int().min(0).optional(),
  STAT_FEE_CENTS_USD: z.coerce.number().int().min(0).optional(),
});

export type Env = z.input<typeof envSchema>;

export function loadConfig(env: Record<string, string | undefined> = process.env) {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (Boolean(e.VAPID_PUBLIC_KEY) !== Boolean(e.VAPID_PRIVATE_KEY)) {
    throw new Error('Invalid configuration:\n  VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are set together, or neither');
  }
  const dataDir = resolve(e.DATA_DIR);
  return {
    env: e.NODE_ENV,
    isProduction: e.NODE_ENV === 'production',
    host: e.HOST,
    port: e.PORT,
    listenBacklog: e.LISTEN_BACKLOG,
    publicUrl: e.PUBLIC_URL ?? `http://localhost:${e.PORT}`,
    trustProxy: e.TRUST_PROXY,
    /**
     * Where /metrics is served: its own port (METRICS_PORT), the app port behind a bearer token
     * (METRICS_TOKEN), the app port openly outside production; in production without either, nowhere.
     */
    metrics: {
      port: e.METRICS_PORT,
      token: e.METRICS_TOKEN,
      openOnAppPort: e.METRICS_PORT === undefined && !e.METRICS_TOKEN && e.NODE_ENV !== 'production',
    },
    allowedOrigins: (e.ALLOWED_ORIGINS ?? '')
      .split(',')
      .map((origin) => origin.trim())
      .filter(Boolean),
    /** Per-IP limits of http/limits.ts; tests that are not about them raise them. */
    rateLimits: Object.fromEntries(
      Object.entries(RATE_LIMITS).map(([bucket, rule]) => [
        bucket,
        { ...rule, max: Math.ceil(rule.max * e.RATE_LIMIT_SCALE) },
      ]),
    ) as typeof RATE_LIMITS,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    loginAttemptsPerIp: e.LOGIN_ATTEMPTS_PER_IP,
    /** The slow-down of repeated login failures; the defaults of login-throttle.ts (tests shorten them). */
    loginThrottle: {} as Partial<LoginThrottleOptions>,
    redisUrl: e.REDIS_URL,
    shutdownGraceMs: e.SHUTDOWN_GRACE_MS,
    webSocket: { keepAliveMs: e.WS_KEEPALIVE_MS, sharedExecution: e.WS_SHARED_EXECUTION },
    /** Issue 14: the durable job queue (domain/jobs/queue.ts). */
    jobs: { inProcess: e.JOBS_IN_PROCESS, pollMs: e.JOBS_POLL_MS, backoffMs: e.JOBS_RETRY_BASE_MS },
    /** Resolved at start (runtime.ts): SERVER_SECRET or the one kept in DATA_DIR. */
    serverSecret: e.SERVER_SECRET as string | undefined,
    reminders: { pendingMs: e.REMINDER_PENDING_HOURS * 3_600_000, draftMs: e.REMINDER_DRAFT_DAYS * 86_400_000 },
    /** Issue 17: the render pool's threads (renders.ts); 0 renders on the event loop. */
    renderThreads: e.RENDER_THREADS,
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM, outboxDir: resolve(dataDir, 'outbox') },
    uploadsDir: resolve(dataDir, 'uploads'),
    /** Web Push: configured keys, or generated into DATA_DIR (see lib/vapid-keys.ts). */
    push: {
      publicKey: e.VAPID_PUBLIC_KEY,
      privateKey: e.VAPID_PRIVATE_KEY,
      subject: e.VAPID_SUBJECT ?? `mailto:${e.ADMIN_EMAIL.toLowerCase()}`,
      /** Outside production a test or a developer may run a push endpoint on this machine over http. */
      allowLoopbackEndpoints: e.NODE_ENV !== 'production',
    },
    admin: { email: e.ADMIN_EMAIL.toLowerCase(), password: e.ADMIN_PASSWORD },
    seedOnEmpty: e.SEED_ON_EMPTY,
    logLevel: e.LOG_LEVEL,
    graphiql: e.GRAPHIQL || e.NODE_ENV !== 'production',
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          endpoint: e.S3_ENDPOINT,
          region: e.S3_REGION,
          accessKeyId: e.S3_ACCESS_KEY_ID,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY,
          forcePathStyle: e.S3_FORCE_PATH_STYLE,
        }
      : undefined,
    stripe: e.STRIPE_SECRET_KEY
      ? {
          secretKey: e.STRIPE_SECRET_KEY,
          publishableKey: e.STRIPE_PUBLISHABLE_KEY,
          webhookSecret: e.STRIPE_WEBHOOK_SECRET,
        }
      : undefined,
    prices: {
      consultFeeCents: e.CONSULT_FEE_CENTS,
      revisitFeeCents: e.REVISIT_FEE_CENTS,
      urgencyFeeCents: { routine: 0, priority: e.PRIORITY_FEE_CENTS, stat: e.STAT_FEE_CENTS },
      currency: e.CURRENCY,
      byCurrency: {
        cad: {
          consultFeeCents: e.CONSULT_FEE_CENTS_CAD ?? e.CONSULT_FEE_CENTS,
          revisitFeeCents: e.REVISIT_FEE_CENTS_CAD ?? e.REVISIT_FEE_CENTS,
          urgencyFeeCents: {
            routine: 0,
            priority: e.PRIORITY_FEE_CENTS_CAD ?? e.PRIORITY_FEE_CENTS,
            stat: e.STAT_FEE_CENTS_CAD ?? e.STAT_FEE_CENTS,
          },
        },
        usd: {
          consultFeeCents: e.CONSULT_FEE_CENTS_USD ?? e.CONSULT_FEE_CENTS,
          revisitFeeCents: e.REVISIT_FEE_CENTS_USD ?? e.REVISIT_FEE_CENTS,
          urgencyFeeCents: {
            routine: 0,
            priority: e.PRIORITY_FEE_CENTS_USD ?? e.PRIORITY_FEE_CENTS,
            stat: e.STAT_FEE_CENTS_USD ?? e.STAT_FEE_CENTS,
          },
        },
      },
    } as Fees,
  };
}

export type Config = ReturnType<typeof loadConfig>;
