import { Button } from '../../../components/ui/button';
import { Dialog, DialogHeading } from '../../../components/ui/dialog';
import { ErrorState, LoadingState } from '../../../components/ui/empty-state';
import { formatMegabytes } from '../../../lib/case-display';
import { downloadFile } from '../../../lib/file-transfer';
import { useSpecialistCaseFiles } from '../api/case-files';

// The older specialist view's files modal: every file of a case, sizes in MB with 2 decimals.

export function CaseFilesModal({ uuid, onClose }: { uuid: string | null; onClose(): void }) {
  const files = useSpecialistCaseFiles(uuid);
  const list = files.data?.case.files ?? [];
  return (
    <Dialog open={uuid !== null} onClose={onClose} width="lg">
      <DialogHeading>Case Files</DialogHeading>
      <div className="mt-4 max-h-96 overflow-y-auto">
        {files.loading && !files.data ? (
          <LoadingState label="Loading files..." />
        ) : files.error && !files.data ? (
          <ErrorState title="Failed to load files" />
        ) : list.length === 0 ? (
          <p className="py-6 text-center text-sm text-slate-500 dark:text-slate-400">No files for this case.</p>
        ) : (
          <ul className="divide-y divide-slate-200 dark:divide-slate-800">
            {list.map((file) => (
              <li key={file.id} className="flex items-center gap-3 py-2.5">
                <div className="min-w-0 flex-1">
                  <p className="truncate text-sm font-medium text-slate-900 dark:text-white">{file.originalName}</p>
                  <p className="text-xs text-slate-500 dark:text-slate-400">
                    {formatMegabytes(file.fileSize)} · {file.fileCategory === 'summary' ? 'Report' : 'Diagnostic'}
                  </p>
                </div>
                <button
                  type="button"
                  onClick={() =>
                    void downloadFile(file.url, file.originalName).catch((error: unknown) =>
                      console.error('Download failed', error),
                    )
                  }
                  className="rounded-lg border border-slate-300 px-3 py-1.5 text-xs font-semibold text-slate-700 hover:bg-slate-50 dark:border-slate-700 dark:text-slate-200 dark:hover:bg-slate-800"
                  aria-label={`Download ${file.originalName}`}
                >
                  Download
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
      <div className="mt-6 flex justify-end">
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
      </div>
    </Dialog>
  );
}
