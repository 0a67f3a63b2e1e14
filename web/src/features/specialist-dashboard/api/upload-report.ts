import { useCallback, useState } from 'react';

// SPEC §7, older view: POST /api/cases/{id}/files (multipart 'files', category 'summary'), then
// POST /api/cases/{id}/complete.

export const REPORT_ACCEPT = '.pdf,.doc,.docx,.txt';

async function request(path: string, init: RequestInit): Promise<void> {
  const response = await fetch(path, { credentials: 'include', ...init });
  if (!response.ok) throw new Error(`${response.status}: ${await response.text()}`);
}

export async function uploadReport(uuid: string, file: File): Promise<void> {
  const base = `/api/cases/${encodeURIComponent(uuid)}`;
  const form = new FormData();
  form.set('category', 'summary');
  form.append('files', file, file.name);
  await request(`${base}/files`, { method: 'POST', body: form });
  await request(`${base}/complete`, { method: 'POST' });
}

export function useUploadReport() {
  const [uploading, setUploading] = useState<string | null>(null);
  const upload = useCallback(async (uuid: string, file: File) => {
    setUploading(uuid);
    try {
      await uploadReport(uuid, file);
    } finally {
      setUploading(null);
    }
  }, []);
  return { upload, uploading };
}
