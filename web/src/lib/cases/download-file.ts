// SPEC §7 file downloads, shared by the case detail and the specialist view:
// GET /api/files/{id}/download (saved under the original name) and GET /api/cases/{id}/download-all
// (opened in a new tab).

export async function downloadFile(url: string, originalName: string): Promise<void> {
  const response = await fetch(url, { credentials: 'include' });
  if (!response.ok) throw new Error(`${response.status}: ${await response.text()}`);
  const objectUrl = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = objectUrl;
  link.download = originalName;
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(objectUrl), 1000);
}

export function downloadAllUrl(uuid: string): string {
  return `/api/cases/${encodeURIComponent(uuid)}/download-all`;
}
