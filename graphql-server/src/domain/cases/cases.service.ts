import type { Case } from '../../generated/prisma/client';
import type { Db } from '../../lib/db/client';
import type { CompiledReader } from '../../lib/db/compiled-read';
import type { CaseChangeKind, EventBus } from '../../lib/events';
import type { Logger } from '../../lib/logger';
import type { Storage } from '../../lib/storage';
import type { Fees } from '../payments/pricing';
import { publishCaseChange } from './case-events';
import { createCaseFiles, createFileStore } from './case-files';
import { createCaseLifecycle } from './case-lifecycle';
import { createCaseQueries } from './case-queries';
import { createConsultSubmission } from './consult-submission';
import { createDecline } from './decline';
import { createReassignment } from './reassignment';
import { createRevisits } from './revisit';

// The cases use cases, one module each (Cal.com's handler split): reads (case-queries), the
// specialist's moves over the status table (case-lifecycle), the final submission of a consult
// (consult-submission), revisits (revisit), case files (case-files), and a specialist's decline and the
// vet's move to another specialist (decline, reassignment; issue 19). They share one file store; both
// doors reach them through this one object. Services return domain rows: each door shapes its answer.

export interface CasesServiceDeps {
  db: Db;
  /** Reads the case lists Prisma compiles (lib/db/compiled-read.ts); without it Prisma reads them. */
  reader?: CompiledReader;
  storage: Storage;
  events: EventBus;
  logger: Logger;
  /** The prices a payment sent with a submission is verified against (settlement). */
  fees: Fees;
  /** Runs after a review commits (the consultation report is scheduled there); must not throw. */
  afterReview?: (caseId: number) => unknown;
  /** Runs after the rows of newly stored files commit (thumbnails are made there); must not throw. */
  afterFilesStored?: (fileKeys: string[]) => unknown;
  now?: () => Date;
}

export function createCasesService(deps: CasesServiceDeps) {
  const now = deps.now ?? (() => new Date());
  const files = createFileStore(deps);
  const shared = { ...deps, now, files };
  return {
    ...createCaseQueries(shared),
    ...createCaseLifecycle(shared),
    ...createConsultSubmission(shared),
    ...createRevisits(shared),
    ...createCaseFiles(shared),
    ...createDecline(shared),
    ...createReassignment(shared),
    /** Publishes the change a payment's activation made, once settlement's transaction has committed. */
    caseActivated(kase: Case) {
      publishCaseChange(deps.events, kase, 'activated');
    },
    /** Publishes a change another module committed (payments: a cancellation with its refund). */
    caseChanged(kase: Case, kind: CaseChangeKind) {
      publishCaseChange(deps.events, kase, kind);
    },
  };
}

export type CasesService = ReturnType<typeof createCasesService>;
