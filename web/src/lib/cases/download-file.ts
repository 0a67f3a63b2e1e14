// SPEC §7 GET /api/cases/{id}/download-all: every file of a case as one archive, opened in a new tab
// (single files are saved through lib/file-transfer.ts downloadFile).

export function downloadAllUrl(uuid: string): string {
  return `/api/cases/${encodeURIComponent(uuid)}/download-all`;
}
