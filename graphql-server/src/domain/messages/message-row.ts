import type { Prisma } from '../../generated/prisma/client';

// A message as the services return it: with its author's name and its attachments (the REST door's
// views of it are in rest/views/message.view.ts).

export const messageInclude = {
  author: { select: { id: true, name: true, role: true } },
  attachments: { orderBy: { id: 'asc' } },
} satisfies Prisma.CaseMessageInclude;

export type MessageRow = Prisma.CaseMessageGetPayload<{ include: typeof messageInclude }>;
