import { reportPath, thumbnailPath } from '../../rest/paths';
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

builder.prismaObjectFields('CaseFile', (t) => ({
  thumbnailUrl: t.string({
    nullable: true,
    description:
      'A WebP thumbnail (at most 256 px) once made after the upload; null shows the type icon (no image, or none could be made).',
    select: { id: true, thumbnailKey: true },
    resolve: (file) => (file.thumbnailKey ? thumbnailPath(file.id) : null),
  }),
}));
