import { Link } from 'react-router-dom';
import { Card } from '../../../components/ui/card';
import type { CaseDetailFieldsFragment } from '../../../gql/graphql';
import { formatDate } from '../../../lib/case-display';
import { type FileMediaSlot, FileRow } from './case-files';

// A revisit shows what the original case concluded, inline (issue 22 item 9): its specialist summary and
// its files, so the reader need not leave the page. The server gives `originalCase` only to a reader who
// may read that case; otherwise the field is null and nothing is shown here.

type Original = NonNullable<CaseDetailFieldsFragment['originalCase']>;

export function OriginalCase({ original, media }: { original: Original; media?: FileMediaSlot | undefined }) {
  const headingId = `original-case-${original.id}`;
  const inputs = original.files.filter((file) => file.fileCategory === 'input');
  const attachments = original.files.filter((file) => file.fileCategory === 'summary');
  return (
    <Card className="p-5 sm:p-6" role="region" aria-labelledby={headingId}>
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <h2 id={headingId} className="text-base font-semibold text-slate-900 dark:text-white">
          Original Case <span className="font-mono">#{original.displayId}</span>
        </h2>
        <Link
          to={`/consults/${original.uuid}`}
          className="text-sm font-medium text-brand-700 hover:underline dark:text-brand-300"
        >
          Open original case
        </Link>
      </div>
      <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">
        {original.label}
        {original.specialist ? ` · ${original.specialist.name}` : ''}
        {original.reviewedAt ? ` · Completed ${formatDate(original.reviewedAt)}` : ''}
      </p>
      <h3 className="mt-4 text-xs font-semibold tracking-wide text-slate-500 uppercase dark:text-slate-400">
        Specialist Summary
      </h3>
      <p className="mt-1 text-sm leading-relaxed whitespace-pre-line text-slate-800 dark:text-slate-200">
        {original.summary?.trim() || 'No summary yet.'}
      </p>
      {original.files.length > 0 ? (
        <>
          <h3 className="mt-5 text-xs font-semibold tracking-wide text-slate-500 uppercase dark:text-slate-400">
            Files of the original case
          </h3>
          <ul className="divide-y divide-slate-200 dark:divide-slate-800" aria-label="Files of the original case">
            {[...inputs, ...attachments].map((file) => (
              <FileRow key={file.id} file={file} media={media} />
            ))}
          </ul>
        </>
      ) : null}
    </Card>
  );
}
