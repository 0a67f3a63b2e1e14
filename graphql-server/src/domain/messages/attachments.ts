import type { Prisma } from '../../generated/prisma/client';
import type { Logger } from '../../lib/logger';
import type { Storage } from '../../lib/storage';
import type { IncomingFile } from '../cases/files';
import { createStoredObjects } from '../files/stored-objects';

// A message's attachments are case files (category message) stored beside the case's other files, under
// cases/<uuid>/message/. The bytes were already checked at intake (domain/cases/files.ts readMultipart:
// count, size, type sniffed from the content). Objects are stored before the message's transaction; if
// it fails they are removed again, so there is never a row without its object nor an object without its row.

export type AttachmentRow = Omit<Prisma.CaseFileCreateManyInput, 'caseId' | 'messageId'>;

export function createAttachmentStore(deps: { storage: Storage; logger: Logger }) {
  const objects = createStoredObjects(deps);
  return {
    /** Stores the files and returns their rows (without case and message, which the transaction sets). */
    store: (caseUuid: string, files: IncomingFile[], uploaderId: number): Promise<AttachmentRow[]> =>
      objects.store(caseUuid, files, 'message', uploaderId),
    remove: objects.remove,
  };
}
