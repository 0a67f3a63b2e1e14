import { type CaseMessagesPageInput, MESSAGES_PAGE_DEFAULT } from '@vetconsult/schema/messages';
import type { Db } from '../../lib/db/client';

// One page of a conversation, oldest to newest, by message id (ids grow with time, so they are the
// cursors). Forward pages (`first` after a cursor) read on from where a reader stopped: a client catches
// up after a reconnect by asking for what follows its newest message. Backward pages (`last` before a
// cursor) open a thread at its newest messages and then read older history. Only ids are read here; each
// door then loads the rows with what it shows (GraphQL its selection, REST its view).

export interface MessagesPageInfo {
  hasNextPage: boolean;
  hasPreviousPage: boolean;
  startCursor: string | null;
  endCursor: string | null;
}

export interface MessagesPage {
  /** Message ids of the page, ascending. */
  ids: number[];
  pageInfo: MessagesPageInfo;
}

export const messageCursor = (id: number): string => String(id);

export async function readMessagesPage(db: Db, caseId: number, page: CaseMessagesPageInput): Promise<MessagesPage> {
  const backward = page.last !== undefined || page.before !== undefined;
  const size = (backward ? page.last : page.first) ?? MESSAGES_PAGE_DEFAULT;
  const rows = await db.caseMessage.findMany({
    where: {
      caseId,
      ...(backward && page.before !== undefined ? { id: { lt: page.before } } : {}),
      ...(!backward && page.after !== undefined ? { id: { gt: page.after } } : {}),
    },
    orderBy: { id: backward ? 'desc' : 'asc' },
    take: size + 1,
    select: { id: true },
  });
  const more = rows.length > size;
  const ids = rows.slice(0, size).map((row) => row.id);
  if (backward) ids.reverse();
  const first = ids[0];
  const last = ids.at(-1);
  // The side the page was not read towards has messages only when the page started from a cursor.
  const beyond = backward
    ? page.before !== undefined && (await exists(db, caseId, { gt: last ?? page.before - 1 }))
    : page.after !== undefined && (await exists(db, caseId, { lt: first ?? page.after + 1 }));
  return {
    ids,
    pageInfo: {
      hasNextPage: backward ? beyond : more,
      hasPreviousPage: backward ? more : beyond,
      startCursor: first === undefined ? null : messageCursor(first),
      endCursor: last === undefined ? null : messageCursor(last),
    },
  };
}

async function exists(db: Db, caseId: number, id: { gt: number } | { lt: number }): Promise<boolean> {
  return (await db.caseMessage.findFirst({ where: { caseId, id }, select: { id: true } })) !== null;
}
