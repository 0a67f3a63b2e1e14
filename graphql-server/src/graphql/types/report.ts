import { reportPath } from '../../domain/reports/reports.service';
import { builder } from '../builder';

// Issue 16 fields on Case and CaseFile, kept beside the case types rather than inside them.

builder.prismaObjectFields('Case', (t) => ({
  reportUrl: t.string({
    nullable: true,
    description:
      'The consultation report (PDF, REST with the cookie session) once the case is reviewed; null before. Same read rule as the case files.',
    select: { uuid: true, status: true },
    resolve: (kase) => (kase.status === 'reviewed' ? reportPath(kase.uuid) : null),
  }),
}));
