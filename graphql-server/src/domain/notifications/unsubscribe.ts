import { createHmac, timingSafeEqual } from 'node:crypto';
import type { NotificationKind } from '../../generated/prisma/enums';
import { badInput } from '../../lib/errors';

// The switches of Settings › Notifications and what each covers (issue 14), and the one-click unsubscribe
// token of a category (RFC 8058): `<base64url(JSON {u, c})>.<base64url(HMAC-SHA256(server secret))>`.
// It names one user and one category and flips only that switch; any other string (a changed user or
// category, a cut signature) is refused.

export const CATEGORIES = ['notifyNewCases', 'notifyStatusUpdates', 'notifyReminders'] as const;
export type Category = (typeof CATEGORIES)[number];

export const CATEGORY_OF: Record<NotificationKind, Category> = {
  case_assigned: 'notifyNewCases',
  case_available: 'notifyNewCases',
  case_accepted: 'notifyStatusUpdates',
  case_reviewed: 'notifyStatusUpdates',
  revisit_accepted: 'notifyStatusUpdates',
  case_declined: 'notifyStatusUpdates',
  message_received: 'notifyStatusUpdates',
  reminder_pending: 'notifyReminders',
  reminder_draft: 'notifyReminders',
};

/** How each category is named in mails and on the unsubscribe page. */
export const CATEGORY_LABELS: Record<Category, string> = {
  notifyNewCases: 'new case notifications',
  notifyStatusUpdates: 'case status updates',
  notifyReminders: 'reminder notifications',
};

export const UNSUBSCRIBE_INVALID = 'This unsubscribe link is invalid';

const sign = (secret: string, payload: string) => createHmac('sha256', secret).update(payload).digest('base64url');

export function unsubscribeToken(secret: string, userId: number, category: Category): string {
  const payload = Buffer.from(JSON.stringify({ u: userId, c: category })).toString('base64url');
  return `${payload}.${sign(secret, payload)}`;
}

/** The user and category a token names; a bad or tampered token is a 400. */
export function readUnsubscribeToken(secret: string, token: unknown): { userId: number; category: Category } {
  if (typeof token !== 'string' || token.length > 512) throw badInput(UNSUBSCRIBE_INVALID, 'token');
  const [payload = '', signature = ''] = token.split('.');
  const expected = Buffer.from(sign(secret, payload));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw badInput(UNSUBSCRIBE_INVALID, 'token');
  }
  try {
    const { u, c } = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { u: unknown; c: unknown };
    if (typeof u === 'number' && Number.isInteger(u) && CATEGORIES.includes(c as Category)) {
      return { userId: u, category: c as Category };
    }
  } catch {
    // falls through
  }
  throw badInput(UNSUBSCRIBE_INVALID, 'token');
}
