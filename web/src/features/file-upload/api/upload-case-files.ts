import { sendFormWithProgress } from '../../../lib/file-transfer';

// SPEC §7 POST /api/cases/{id}/files (multipart 'files', category 'input'): diagnostic files stored on
// a draft, an unpaid case or a case in review the moment they are attached, with upload progress.

export interface UploadedCaseFile {
  id: number;
  filename: string;
  fileSize: number;
}

export function uploadCaseFiles(
  caseUuid: string,
  files: File[],
  onProgress: (fraction: number) => void,
): Promise<UploadedCaseFile[]> {
  const form = new FormData();
  // The category travels before the files so the server knows their limit while it reads them.
  form.set('category', 'input');
  for (const file of files) form.append('files', file, file.name);
  return sendFormWithProgress<UploadedCaseFile[]>(
    `/api/cases/${encodeURIComponent(caseUuid)}/files`,
    form,
    onProgress,
    'Failed to upload files',
  );
}
