import type { Prisma } from '../../generated/prisma/client';
import type { Db } from '../../lib/db/client';

// Read markers and unread counts. A participant's marker is the id of the newest message they have
// seen; their unread messages are the others' messages above it. Markers only move forward.

type Tx = Db | Prisma.TransactionClient;

/**
 * Moves the user's marker up to `messageId` if it is behind (never back). Safe under concurrency: of two
 * racing calls the larger id wins. True when the marker moved.
 */
export async function advanceReadMarker(
  tx: Tx,
  marker: { caseId: number; userId: number; messageId: number; at: Date },
): Promise<boolean> {
  const { caseId, userId, messageId, at } = marker;
  const forward = () =>
    tx.caseReadMarker.updateMany({
      where: { caseId, userId, lastReadMessageId: { lt: messageId } },
      data: { lastReadMessageId: messageId, readAt: at },
    });
  if ((await forward()).count === 1) return true;
  const created = await tx.caseReadMarker.createMany({
    data: [{ caseId, userId, lastReadMessageId: messageId, readAt: at }],
    skipDuplicates: true,
  });
  if (created.count === 1) return true;
  // Another call created the marker meanwhile (possibly behind this one): move it now that it exists.
  return (await forward()).count === 1;
}

export function readMarkers(db: Db, caseId: number, userIds: number[]) {
  return db.caseReadMarker.findMany({
    where: { caseId, userId: { in: userIds } },
    select: { userId: true, lastReadMessageId: true, readAt: true },
  });
}

/** Unread messages of `userId` in each of `caseIds` (cases without unread messages are absent). */
export async function unreadByCase(db: Db, userId: number, caseIds: number[]): Promise<Map<number, number>> {
  if (caseIds.length === 0) return new Map();
  const rows = await db.$queryRaw<Array<{ caseId: number; unread: number }>>`
    SELECT m."caseId" AS "caseId", COUNT(*)::int AS unread
    FROM case_messages m
    LEFT JOIN case_read_markers r ON r."caseId" = m."caseId" AND r."userId" = ${userId}
    WHERE m."caseId" = ANY(${caseIds}::int[])
      AND m."authorId" IS DISTINCT FROM ${userId}
      AND m.id > COALESCE(r."lastReadMessageId", 0)
    GROUP BY m."caseId"`;
  return new Map(rows.map((row) => [row.caseId, row.unread]));
}

/** Unread messages of `userId` over every conversation they take part in (the dashboard's count). */
export async function unreadTotal(db: Db, userId: number): Promise<number> {
  const [row] = await db.$queryRaw<Array<{ unread: number }>>`
    SELECT COUNT(*)::int AS unread
    FROM case_messages m
    JOIN cases c ON c.id = m."caseId"
    LEFT JOIN case_read_markers r ON r."caseId" = m."caseId" AND r."userId" = ${userId}
    WHERE (c."vetId" = ${userId} OR c."specialistId" = ${userId})
      AND m."authorId" IS DISTINCT FROM ${userId}
      AND m.id > COALESCE(r."lastReadMessageId", 0)`;
  return row?.unread ?? 0;
}

/**
 * Batches the unread counts asked for while one GraphQL response resolves (a list of cases asks once per
 * case): one statement for the whole list.
 */
type UnreadBatch = Map<number, Array<{ resolve: (n: number) => void; reject: (e: unknown) => void }>>;

export function createUnreadLoader(db: Db, userId: number) {
  let batch: UnreadBatch | null = null;
  const flush = async (pending: UnreadBatch) => {
    try {
      const counts = await unreadByCase(db, userId, [...pending.keys()]);
      for (const [caseId, waiters] of pending) for (const waiter of waiters) waiter.resolve(counts.get(caseId) ?? 0);
    } catch (error) {
      for (const waiters of pending.values()) for (const waiter of waiters) waiter.reject(error);
    }
  };
  return {
    load(caseId: number): Promise<number> {
      if (!batch) {
        const pending: UnreadBatch = new Map();
        batch = pending;
        setImmediate(() => {
          batch = null;
          void flush(pending);
        });
      }
      const current = batch;
      return new Promise((resolve, reject) => {
        const waiters = current.get(caseId) ?? [];
        waiters.push({ resolve, reject });
        current.set(caseId, waiters);
      });
    },
  };
}
