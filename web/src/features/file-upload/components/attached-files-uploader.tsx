import { MAX_FILES_PER_UPLOAD } from '@vetconsult/schema/files';
import { useRef, useState } from 'react';
import { Icon } from '../../../components/ui/icon';
import { formatFileSize } from '../../../lib/case-display';
import { uploadCaseFiles } from '../api/upload-case-files';
import { FileDropzone } from './file-dropzone';

// Issue 22 item 1: diagnostic files are stored on the server the moment they are attached (to the
// draft, which is saved first if it has no id yet), with a progress bar per upload, so that payment,
// navigation or a reload never loses them. Stored files are listed from the server and, where the
// caller allows it, removed one by one.

export interface AttachedFile {
  id: number;
  filename: string;
  fileSize: number;
}

export interface AttachedFilesUploaderProps {
  /** Files already stored on the case. */
  attached: AttachedFile[];
  /** The case to upload to: the draft's uuid, saving the draft first when it has none; null refuses. */
  resolveCase(): Promise<string | null>;
  /** Files were stored: the caller re-reads its list. */
  onUploaded(): void;
  /** Removes a stored file; absent where stored files stay. */
  onRemove?(id: number): Promise<void>;
  maxBytes: number;
  label?: string;
  inputLabel?: string;
  description?: string;
  disabled?: boolean;
}

interface Upload {
  key: number;
  names: string[];
  progress: number;
  error: string | null;
}

export function AttachedFilesUploader({
  attached,
  resolveCase,
  onUploaded,
  onRemove,
  maxBytes,
  label = 'Diagnostic Files',
  inputLabel,
  description,
  disabled = false,
}: AttachedFilesUploaderProps) {
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [removing, setRemoving] = useState<number | null>(null);
  const nextKey = useRef(0);
  const inFlight = uploads.filter((u) => u.error === null).reduce((n, u) => n + u.names.length, 0);
  const room = Math.max(0, MAX_FILES_PER_UPLOAD - attached.length - inFlight);

  const patch = (key: number, change: Partial<Upload>) =>
    setUploads((current) => current.map((u) => (u.key === key ? { ...u, ...change } : u)));

  const start = async (files: File[]) => {
    if (files.length === 0) return;
    const key = nextKey.current++;
    setUploads((current) => [...current, { key, names: files.map((f) => f.name), progress: 0, error: null }]);
    try {
      const uuid = await resolveCase();
      if (!uuid) throw new Error('The draft could not be saved, so the files were not uploaded. Please try again.');
      await uploadCaseFiles(uuid, files, (progress) => patch(key, { progress }));
      setUploads((current) => current.filter((u) => u.key !== key));
      onUploaded();
    } catch (error) {
      patch(key, { error: error instanceof Error ? error.message : 'Failed to upload files' });
    }
  };

  const remove = async (id: number) => {
    if (!onRemove) return;
    setRemoving(id);
    try {
      await onRemove(id);
    } finally {
      setRemoving(null);
    }
  };

  return (
    <div className="space-y-3">
      <FileDropzone
        files={[]}
        onChange={(files) => void start(files)}
        maxBytes={maxBytes}
        maxFiles={room}
        label={label}
        inputLabel={inputLabel}
        description={description}
        disabled={disabled}
      />
      {uploads.length > 0 ? (
        <ul className="space-y-2" aria-label="Uploading files">
          {uploads.map((upload) => (
            <li key={upload.key} className="rounded-xl border border-slate-200 px-3 py-2 text-sm dark:border-slate-800">
              <div className="flex items-center justify-between gap-3">
                <span className="min-w-0 truncate text-slate-800 dark:text-slate-100">{upload.names.join(', ')}</span>
                {upload.error ? (
                  <button
                    type="button"
                    onClick={() => setUploads((current) => current.filter((u) => u.key !== upload.key))}
                    className="shrink-0 text-xs font-semibold text-slate-600 hover:underline dark:text-slate-300"
                  >
                    Dismiss
                  </button>
                ) : (
                  <span className="shrink-0 text-xs text-slate-500 dark:text-slate-400">
                    {Math.round(upload.progress * 100)}%
                  </span>
                )}
              </div>
              {upload.error ? (
                <p role="alert" className="mt-1 text-xs text-red-700 dark:text-red-400">
                  {upload.error}
                </p>
              ) : (
                <div
                  role="progressbar"
                  aria-label={`Uploading ${upload.names.join(', ')}`}
                  aria-valuemin={0}
                  aria-valuemax={100}
                  aria-valuenow={Math.round(upload.progress * 100)}
                  className="mt-2 h-1.5 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-800"
                >
                  <div
                    className="h-full rounded-full bg-brand-600 transition-[width] dark:bg-brand-400"
                    style={{ width: `${Math.round(upload.progress * 100)}%` }}
                  />
                </div>
              )}
            </li>
          ))}
        </ul>
      ) : null}
      {attached.length > 0 ? (
        <ul
          className="divide-y divide-slate-200 rounded-xl border border-slate-200 dark:divide-slate-800 dark:border-slate-800"
          aria-label="Attached files"
        >
          {attached.map((file) => (
            <li key={file.id} className="flex items-center gap-3 px-3 py-2">
              <Icon name="document" className="size-5 shrink-0 text-slate-400" strokeWidth={1.5} />
              <span className="min-w-0 flex-1 truncate text-sm text-slate-800 dark:text-slate-100">
                {file.filename}
              </span>
              <span className="shrink-0 text-xs text-slate-500 dark:text-slate-400">
                {formatFileSize(file.fileSize)}
              </span>
              <span className="shrink-0 text-xs font-medium text-emerald-700 dark:text-emerald-400">Uploaded</span>
              {onRemove ? (
                <button
                  type="button"
                  onClick={() => void remove(file.id)}
                  disabled={disabled || removing === file.id}
                  aria-label={`Remove ${file.filename}`}
                  className="shrink-0 rounded-md p-1 text-slate-500 hover:bg-slate-100 hover:text-red-700 disabled:opacity-50 dark:text-slate-400 dark:hover:bg-slate-800 dark:hover:text-red-400"
                >
                  <Icon name="x-mark-solid" className="size-4" />
                </button>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
