// What the browser can show of a case file, judged from its (server-sniffed) type and name.

export type FileKind = 'image' | 'pdf' | 'video' | 'dicom' | 'other';

export function fileKind(fileType: string, name: string): FileKind {
  if (fileType === 'application/dicom' || /\.(dcm|dicom)$/i.test(name)) return 'dicom';
  if (fileType === 'application/pdf') return 'pdf';
  // BMP and TIFF are images but most browsers do not draw them.
  if (/^image\/(png|jpeg|gif|webp)$/.test(fileType)) return 'image';
  if (/^video\/(mp4|webm|quicktime)$/.test(fileType)) return 'video';
  return 'other';
}

/** The short label of the type icon (PDF, DCM, MP4...). */
export function typeLabel(name: string): string {
  const ext = name.includes('.') ? (name.split('.').pop() ?? '') : '';
  return ext.slice(0, 4).toUpperCase() || 'FILE';
}

/** The download route serving the file inline (for the preview's img, iframe or video). */
export const inlineUrl = (url: string) => `${url}${url.includes('?') ? '&' : '?'}inline=1`;
