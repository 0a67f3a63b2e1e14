// SPEC §7 POST /api/cases/{id}/files (multipart 'files', category 'input'): diagnostic files stored on
// a draft, an unpaid case or a case in review the moment they are attached. XMLHttpRequest rather
// than fetch, because only it reports upload progress.

export interface UploadedCaseFile {
  id: number;
  filename: string;
  fileSize: number;
}

export class UploadError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'UploadError';
  }
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
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/api/cases/${encodeURIComponent(caseUuid)}/files`);
    xhr.withCredentials = true;
    xhr.responseType = 'json';
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      const body = xhr.response as { message?: string } | UploadedCaseFile[] | null;
      if (xhr.status >= 200 && xhr.status < 300 && Array.isArray(body)) {
        onProgress(1);
        resolve(body);
        return;
      }
      const message = body && !Array.isArray(body) && body.message ? body.message : 'Failed to upload files';
      reject(new UploadError(message, xhr.status));
    };
    xhr.onerror = () => reject(new UploadError('Failed to upload files. Please check your connection.', 0));
    xhr.send(form);
  });
}
