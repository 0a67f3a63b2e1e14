// Every request limit of the server, in one place: body size, GraphQL document limits, rate limits and
// which paths and mutations they cover. The security plugin (http/security.ts) applies them to REST,
// Yoga (graphql/yoga.ts) to GraphQL over HTTP and WebSocket. Upload sizes per file stay with the
// spec's values in schema/src/consult.ts and schema/src/people.ts.

export const BODY_LIMIT_BYTES = 1024 * 1024;

/**
 * GraphQL document limits (graphql-armor). The web client's deepest operation is 6 levels and its
 * largest under 400 tokens (a test walks all of them); introspection is exempt from depth and cost.
 */
export const GRAPHQL_LIMITS = {
  maxDepth: 12,
  maxAliases: 30,
  maxDirectives: 50,
  maxTokens: 5000,
  maxCost: 5000,
} as const;

export type RateBucket = 'auth' | 'reset' | 'upload' | 'message' | 'token';

export interface RateRule {
  max: number;
  windowMs: number;
}

export type RateLimits = Record<RateBucket, RateRule>;

/**
 * Per client IP (the `token` bucket: per personal access token). Failed logins are limited by the auth service itself (per account and per IP), so
 * login is not listed here: one rule per thing.
 */
export const RATE_LIMITS: RateLimits = {
  // account creation and password change
  auth: { max: 20, windowMs: 15 * 60 * 1000 },
  // reset e-mails, token checks and resets
  reset: { max: 10, windowMs: 15 * 60 * 1000 },
  // multipart uploads (consults, revisits, files, reviews, profile photo, payment with files)
  upload: { max: 60, windowMs: 10 * 60 * 1000 },
  // case conversation messages, with or without attachments (a fast typist, not a script)
  message: { max: 60, windowMs: 60 * 1000 },
  // every request (and WebSocket operation) made with one personal access token, keyed by the token
  token: { max: 600, windowMs: 60 * 1000 },
};

/** REST routes by `METHOD url` (fastify's route pattern) and their bucket. */
export const RATE_LIMITED_ROUTES: Record<string, RateBucket> = {
  'POST /api/auth/register': 'auth',
  'POST /api/auth/change-password': 'auth',
  'POST /api/password-reset-request': 'reset',
  'GET /api/validate-reset-token/:token': 'reset',
  'POST /api/auth/reset-password': 'reset',
  'POST /api/cases': 'upload',
  'POST /api/cases/revisit': 'upload',
  'POST /api/cases/:id/files': 'upload',
  'POST /api/cases/:id/review': 'upload',
  'PUT /api/profile': 'upload',
  'POST /api/payment/create-payment-intent': 'upload',
  'POST /api/cases/:id/messages': 'message',
};

/** The same rules for the GraphQL mutations that do the same things (over HTTP and WebSocket). */
export const RATE_LIMITED_MUTATIONS: Record<string, RateBucket> = {
  register: 'auth',
  changePassword: 'auth',
  requestPasswordReset: 'reset',
  resetPassword: 'reset',
  sendCaseMessage: 'message',
};

/** Headers that mark a GraphQL request as not a "simple" cross-site form or image request. */
export const CSRF_HEADERS = ['x-graphql-yoga-csrf', 'apollo-require-preflight'] as const;
