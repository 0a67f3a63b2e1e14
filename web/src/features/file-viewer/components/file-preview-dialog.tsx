import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import { lazy, Suspense } from 'react';
import { Spinner } from '../../../components/ui/spinner';
import { type FileKind, inlineUrl } from './file-kind';

// The preview of one case file in a large dialog: images as they are, PDFs in the browser's own viewer,
// videos in the HTML5 player (the download route answers range requests, so it seeks), DICOM in our
// viewer, which is its own lazy chunk: the case page never loads it until a .dcm is opened.

const DicomViewer = lazy(() => import('./dicom-viewer'));

export interface PreviewFile {
  id: number;
  originalName: string;
  fileType: string;
  url: string;
}

function Body({ file, kind }: { file: PreviewFile; kind: FileKind }) {
  const src = inlineUrl(file.url);
  switch (kind) {
    case 'image':
      return <img src={src} alt={file.originalName} className="mx-auto max-h-[75vh] max-w-full object-contain" />;
    case 'pdf':
      return <iframe src={src} title={file.originalName} className="h-[75vh] w-full rounded-lg bg-white" />;
    case 'video':
      // biome-ignore lint/a11y/useMediaCaption: diagnostic clips have no spoken content to caption.
      return <video src={src} controls preload="metadata" className="mx-auto max-h-[75vh] max-w-full" />;
    case 'dicom':
      return (
        <Suspense
          fallback={
            <div className="flex h-64 items-center justify-center">
              <Spinner />
            </div>
          }
        >
          <DicomViewer url={file.url} name={file.originalName} />
        </Suspense>
      );
    default:
      return null;
  }
}

export function FilePreviewDialog({ file, kind, onClose }: { file: PreviewFile; kind: FileKind; onClose: () => void }) {
  return (
    <Dialog open onClose={onClose} className="relative z-50">
      <div className="fixed inset-0 bg-slate-950/70 backdrop-blur-sm" aria-hidden="true" />
      <div className="fixed inset-0 overflow-y-auto">
        <div className="flex min-h-full items-center justify-center p-2 sm:p-4">
          <DialogPanel className="w-full max-w-6xl rounded-2xl border border-slate-200 bg-white p-3 shadow-xl sm:p-5 dark:border-slate-700 dark:bg-slate-900">
            <div className="mb-3 flex items-center justify-between gap-3">
              <DialogTitle className="truncate text-base font-semibold text-slate-900 dark:text-white">
                {file.originalName}
              </DialogTitle>
              <button
                type="button"
                onClick={onClose}
                className="rounded-lg border border-slate-300 px-3 py-1.5 text-xs font-semibold text-slate-700 hover:bg-slate-50 dark:border-slate-700 dark:text-slate-200 dark:hover:bg-slate-800"
              >
                Close
              </button>
            </div>
            <Body file={file} kind={kind} />
          </DialogPanel>
        </div>
      </div>
    </Dialog>
  );
}
