// GET /api/files/{id}/download, saved under the original name (SPEC §7).

export async function downloadCaseFile(url: string, originalName: string): Promise<void> {
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
