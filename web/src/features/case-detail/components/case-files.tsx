import { type ReactNode, useState } from 'react';
import { Card } from '../../../components/ui/card';
import { Icon } from '../../../components/ui/icon';
import type { CaseDetailFieldsFragment } from '../../../gql/graphql';
import { formatFileSize, formatRelativeTime } from '../../../lib/case-display';
import { downloadAllUrl } from '../../../lib/cases/download-file';
import { downloadFile } from '../../../lib/file-transfer';
import { toast } from '../../../lib/toasts';

// SPEC §2 case detail: diagnostic files and the specialist's attachments; each downloads under its
// original name, and with more than one diagnostic file a download-all opens in a new tab.

export type CaseFile = CaseDetailFieldsFragment['files'][number];
/** A slot at the start of a file row (issue 16: thumbnail and preview, composed by the route). */
export type FileMediaSlot = (file: CaseFile) => ReactNode;

export function FileRow({ file, media }: { file: CaseFile; media?: FileMediaSlot | undefined }) {
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      await downloadFile(file.url, file.originalName);
    } catch {
      toast({ title: 'Error', description: 'An unknown error occurred', variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <li className="flex items-center gap-3 py-2.5">
      {media ? (
        media(file)
      ) : (
        <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-slate-100 text-slate-500 dark:bg-slate-800 dark:text-slate-300">
          <Icon name="document" className="size-5" />
        </span>
      )}
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-medium text-slate-900 dark:text-white">{file.originalName}</p>
        <p className="text-xs text-slate-500 dark:text-slate-400">
          {formatFileSize(file.fileSize)} · {formatRelativeTime(file.createdAt)}
        </p>
      </div>
      <button
        type="button"
        onClick={() => void download()}
        disabled={busy}
        aria-label={`Download ${file.originalName}`}
        className="rounded-lg border border-slate-300 px-3 py-1.5 text-xs font-semibold text-slate-700 hover:bg-slate-50 disabled:opacity-60 dark:border-slate-700 dark:text-slate-200 dark:hover:bg-slate-800"
      >
        {busy ? 'Downloading...' : 'Download'}
      </button>
    </li>
  );
}

export function CaseFiles({ uuid, files, media }: { uuid: string; files: CaseFile[]; media?: FileMediaSlot }) {
  const inputs = files.filter((file) => file.fileCategory === 'input');
  const attachments = files.filter((file) => file.fileCategory === 'summary');
  return (
    <Card className="p-5 sm:p-6" role="region" aria-labelledby="case-files-heading">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="case-files-heading" className="text-base font-semibold text-slate-900 dark:text-white">
          Files
        </h2>
        {inputs.length > 1 ? (
          <a
            href={downloadAllUrl(uuid)}
            target="_blank"
            rel="noopener noreferrer"
            className="text-sm font-medium text-brand-700 hover:underline dark:text-brand-300"
          >
            Download all ({inputs.length})
          </a>
        ) : null}
      </div>
      <h3 className="mt-4 text-xs font-semibold tracking-wide text-slate-500 uppercase dark:text-slate-400">
        Diagnostic Files
      </h3>
      {inputs.length === 0 ? (
        <p className="mt-2 text-sm text-slate-500 dark:text-slate-400">No diagnostic files were uploaded.</p>
      ) : (
        <ul className="divide-y divide-slate-200 dark:divide-slate-800">
          {inputs.map((file) => (
            <FileRow key={file.id} file={file} media={media} />
          ))}
        </ul>
      )}
      <h3 className="mt-5 text-xs font-semibold tracking-wide text-slate-500 uppercase dark:text-slate-400">
        Specialist Attachments
      </h3>
      {attachments.length === 0 ? (
        <p className="mt-2 text-sm text-slate-500 dark:text-slate-400">No attachments yet.</p>
      ) : (
        <ul className="divide-y divide-slate-200 dark:divide-slate-800" aria-label="Specialist attachments">
          {attachments.map((file) => (
            <FileRow key={file.id} file={file} media={media} />
          ))}
        </ul>
      )}
    </Card>
  );
}
