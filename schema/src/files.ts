// SPEC §5 "File uploader" and §9: what a file may be, one copy for the web's uploaders, the REST
// handlers and the message attachments. Types are judged from the bytes (domain/cases/files.ts).

const MB = 1024 * 1024;

/** SPEC §9: at most 10 files in one upload. Files beyond 10 are refused by the server (the client drops them). */
export const MAX_FILES_PER_UPLOAD = 10;
/**
 * SPEC §9 gives two per-file limits. Diagnostic files of a new consult or a revisit (POST /api/cases,
 * POST /api/cases/revisit, input files added later) follow the consult and revisit forms: 50 MB each.
 * The general uploader limit, 100 MB each, applies to the specialist's summary attachments
 * (POST /api/cases/{id}/review and POST /api/cases/{id}/files with category summary).
 */
export const CONSULT_FILE_MAX_BYTES = 50 * MB;
export const SUMMARY_FILE_MAX_BYTES = 100 * MB;

/** SPEC §5 "File uploader": the accepted extensions. */
export const ALLOWED_FILE_EXTENSIONS = [
  'png',
  'jpg',
  'jpeg',
  'gif',
  'bmp',
  'tiff',
  'tif',
  'webp',
  'pdf',
  'txt',
  'doc',
  'docx',
  'mp4',
  'mov',
  'avi',
  'wmv',
  'mkv',
  'dcm',
  'dicom',
  'zip',
] as const;

/** The content types the server accepts, as detected from the bytes (never from the name). */
export const ALLOWED_FILE_TYPES = [
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/bmp',
  'image/tiff',
  'image/webp',
  'application/pdf',
  'text/plain',
  'application/msword',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'video/mp4',
  'video/quicktime',
  'video/vnd.avi',
  'video/x-ms-wmv',
  'video/x-matroska',
  'application/dicom',
  'application/zip',
] as const;

export const tooManyFilesMessage = (max = MAX_FILES_PER_UPLOAD) =>
  `Too many files. You can upload at most ${max} files.`;
export const fileTooLargeMessage = (name: string, maxBytes: number) =>
  `File ${name} is too large. The maximum size is ${Math.round(maxBytes / MB)} MB.`;
export const fileTypeNotAllowedMessage = (name: string) =>
  `File ${name} has a type that is not allowed. Accepted: images, PDF, text, Word documents, videos, DICOM and zip files.`;
