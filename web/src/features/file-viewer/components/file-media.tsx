import { useState } from 'react';
import { useFileThumbnails } from '../api/file-thumbnails';
import { fileKind, typeLabel } from './file-kind';
import { FilePreviewDialog, type PreviewFile } from './file-preview-dialog';

// Issue 16: the thumbnail (or type icon) at the start of a file row; when the browser can show the
// file (image, PDF, video, DICOM) it opens the preview dialog.

export function FileMedia({ caseUuid, file }: { caseUuid: string; file: PreviewFile }) {
  const thumbnails = useFileThumbnails(caseUuid);
  const [open, setOpen] = useState(false);
  const thumbnail = thumbnails.get(file.id);
  const kind = fileKind(file.fileType, file.originalName);
  const face = thumbnail ? (
    <img src={thumbnail} alt="" className="size-full object-cover" loading="lazy" />
  ) : (
    <span className="text-[10px] font-bold tracking-wide">{typeLabel(file.originalName)}</span>
  );
  const box =
    'flex size-12 shrink-0 items-center justify-center overflow-hidden rounded-lg bg-slate-100 text-slate-500 dark:bg-slate-800 dark:text-slate-300';
  if (kind === 'other') return <span className={box}>{face}</span>;
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        aria-label={`${kind === 'dicom' ? 'View' : 'Preview'} ${file.originalName}`}
        className={`${box} ring-brand-500 hover:ring-2 focus-visible:ring-2 focus-visible:outline-none`}
      >
        {face}
      </button>
      {open ? <FilePreviewDialog file={file} kind={kind} onClose={() => setOpen(false)} /> : null}
    </>
  );
}
