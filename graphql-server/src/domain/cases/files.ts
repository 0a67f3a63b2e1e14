import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdtemp, open, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { extname, join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  ALLOWED_FILE_EXTENSIONS,
  ALLOWED_FILE_TYPES,
  CONSULT_FILE_MAX_BYTES,
  fileTooLargeMessage,
  fileTypeNotAllowedMessage,
  MAX_FILES_PER_UPLOAD,
  SUMMARY_FILE_MAX_BYTES,
  tooManyFilesMessage,
} from '@vetconsult/schema/files';
import { fileTypeFromBuffer } from 'file-type';
import { DomainError } from '../../lib/errors';

// Multipart intake, before any use case runs: every file is streamed to a private temporary folder
// while its bytes are counted, then its type is sniffed from its content (file-type), never trusted from
// its name or the client's Content-Type. When any file breaks a rule the whole upload is refused and
// the temporary folder removed, so nothing is stored. The service later moves accepted files into
// storage.

export interface UploadLimits {
  maxFiles: number;
  maxFileBytes: number;
}

/** One part as @fastify/multipart's `request.parts()` yields it. */
export type MultipartPart =
  | { type: 'field'; fieldname: string; value: unknown }
  | { type: 'file'; fieldname: string; filename: string; mimetype: string; file: Readable };

/** A file that passed intake, waiting in the temporary folder. */
export interface IncomingFile {
  tempPath: string;
  /** The sanitised original name, shown and used on download. */
  filename: string;
  /** Detected from the bytes. */
  fileType: string;
  size: number;
}

export interface MultipartIntake {
  /** Text fields of a multipart body, or the parsed JSON body: schemas in schema/ accept both. */
  fields: Record<string, unknown>;
  files: IncomingFile[];
  /** Removes the temporary folder; call it once the files are stored (or refused). */
  discard(): Promise<void>;
}

const tooMany = (max: number) => new DomainError('BAD_USER_INPUT', tooManyFilesMessage(max), { field: 'files' });
const tooLarge = (name: string, max: number) =>
  new DomainError('PAYLOAD_TOO_LARGE', fileTooLargeMessage(name, max), { field: 'files' });
const notAllowed = (name: string) =>
  new DomainError('UNSUPPORTED_MEDIA_TYPE', fileTypeNotAllowedMessage(name), { field: 'files' });

/** The busboy limits to pass to `request.parts()`: one byte and one file beyond ours, so we see them. */
export function multipartLimits(limits: UploadLimits) {
  return { limits: { fileSize: limits.maxFileBytes + 1, files: limits.maxFiles + 1 }, throwFileSizeLimit: false };
}

/** A display-safe file name: no path, no control or shell characters, at most 150 characters. */
export function sanitizeFilename(raw: string): string {
  const base = raw.split(/[\\/]/).pop() ?? '';
  const cleaned = base
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what we strip
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .replace(/[^\p{L}\p{N} ._()+-]/gu, '_')
    .replace(/\s+/g, ' ')
    .replace(/^[.\s]+/, '')
    .trim();
  if (!cleaned) return 'file';
  if (cleaned.length <= 150) return cleaned;
  const ext = extname(cleaned).slice(0, 12);
  return cleaned.slice(0, 150 - ext.length) + ext;
}

/** A storage-key segment derived from a file name (ASCII letters, digits, dot, dash, underscore). */
export function keySegment(filename: string): string {
  const ascii = filename
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9._-]/g, '_')
    .replace(/\.{2,}/g, '.')
    .replace(/^[^A-Za-z0-9]+/, '')
    .slice(-80);
  return `${randomUUID()}-${ascii || 'file'}`;
}

const EXTENSIONS = new Set<string>(ALLOWED_FILE_EXTENSIONS);
const TYPES = new Set<string>(ALLOWED_FILE_TYPES);

function looksLikeText(head: Buffer): boolean {
  if (head.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(head.subarray(0, Math.max(0, head.length - 4)));
    return true;
  } catch {
    return false;
  }
}

/**
 * The content type of a file from its first bytes, or null when it is not an accepted kind. Beside
 * file-type: plain text (no magic number) is accepted for .txt when it decodes as UTF-8 without NUL
 * bytes; DICOM has 'DICM' after its 128-byte preamble (file-type 21.3 does not detect it), or without
 * one starts with a group 0002 or 0008 tag; .doc is an OLE
 * compound file; .wmv is an ASF container.
 */
export async function detectFileType(head: Buffer, filename: string): Promise<string | null> {
  const ext = extname(filename).slice(1).toLowerCase();
  if (!EXTENSIONS.has(ext)) return null;
  const detected = await fileTypeFromBuffer(head);
  if (detected) {
    if (detected.mime === 'application/x-cfb' && ext === 'doc') return 'application/msword';
    if (detected.mime === 'video/x-ms-asf' && ext === 'wmv') return 'video/x-ms-wmv';
    return TYPES.has(detected.mime) ? detected.mime : null;
  }
  if (ext === 'txt' && looksLikeText(head)) return 'text/plain';
  const part10 = head.length >= 132 && head.toString('latin1', 128, 132) === 'DICM';
  const bare = head.length >= 8 && (head[0] === 0x02 || head[0] === 0x08) && head[1] === 0;
  if ((ext === 'dcm' || ext === 'dicom') && (part10 || bare)) {
    return 'application/dicom';
  }
  return null;
}

async function readHead(path: string, bytes = 4100): Promise<Buffer> {
  const handle = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(bytes);
    const { bytesRead } = await handle.read(buffer, 0, bytes, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/**
 * Reads a whole multipart request: text fields (the last value of a repeated name wins) and files.
 * Throws a DomainError (nothing kept) when there are too many files, one is too large, empty, or of a
 * type that is not accepted.
 */
export async function readMultipart(
  parts: AsyncIterable<MultipartPart>,
  limits: UploadLimits,
): Promise<MultipartIntake> {
  const folder = await mkdtemp(join(tmpdir(), 'vetconsult-upload-'));
  const discard = () => rm(folder, { recursive: true, force: true });
  const fields: Record<string, unknown> = {};
  const received: Array<{ tempPath: string; filename: string; size: number }> = [];
  let refusal: DomainError | null = null;
  try {
    try {
      for await (const part of parts) {
        if (part.type === 'field') {
          fields[part.fieldname] = typeof part.value === 'string' ? part.value : String(part.value ?? '');
          continue;
        }
        const filename = sanitizeFilename(part.filename ?? '');
        // An empty file input sends a part with no name and no bytes: not a file.
        if (!part.filename) {
          part.file.resume();
          continue;
        }
        if (refusal || received.length >= limits.maxFiles) {
          refusal ??= tooMany(limits.maxFiles);
          part.file.resume();
          continue;
        }
        const tempPath = join(folder, String(received.length));
        let size = 0;
        part.file.on('data', (chunk: Buffer) => {
          size += chunk.length;
        });
        await pipeline(part.file, createWriteStream(tempPath));
        if (size > limits.maxFileBytes) refusal = tooLarge(filename, limits.maxFileBytes);
        else if (size === 0)
          refusal = new DomainError('BAD_USER_INPUT', `File ${filename} is empty`, { field: 'files' });
        received.push({ tempPath, filename, size });
      }
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (code === 'FST_FILES_LIMIT') throw tooMany(limits.maxFiles);
      if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge('upload', limits.maxFileBytes);
      throw error;
    }
    if (refusal) throw refusal;
    const files: IncomingFile[] = [];
    for (const file of received) {
      const fileType = await detectFileType(await readHead(file.tempPath), file.filename);
      if (!fileType) throw notAllowed(file.filename);
      files.push({ ...file, fileType });
    }
    return { fields, files, discard };
  } catch (error) {
    await discard();
    throw error;
  }
}

/** An intake with no files (JSON bodies), so services take one shape. */
export function fieldsOnly(body: unknown): MultipartIntake {
  // No body means no fields; a body that is not an object (an array, a number, null) is a mistake,
  // not an empty form (it would create an empty draft).
  if (body !== undefined && (body === null || typeof body !== 'object' || Array.isArray(body))) {
    throw new DomainError('BAD_USER_INPUT', 'The request body must be a JSON object', { field: '' });
  }
  const fields = (body ?? {}) as Record<string, unknown>;
  return { fields, files: [], discard: async () => {} };
}

/** Diagnostic files added to an existing case keep the consult limit even when read with a larger one. */
export function assertMaxFileBytes(intake: MultipartIntake, maxFileBytes: number): void {
  const large = intake.files.find((file) => file.size > maxFileBytes);
  if (large) throw tooLarge(large.filename, maxFileBytes);
}

/** Which limit applies where (see schema/src/consult.ts). */
export const UPLOAD_LIMITS = {
  consult: { maxFiles: MAX_FILES_PER_UPLOAD, maxFileBytes: CONSULT_FILE_MAX_BYTES },
  summary: { maxFiles: MAX_FILES_PER_UPLOAD, maxFileBytes: SUMMARY_FILE_MAX_BYTES },
} satisfies Record<string, UploadLimits>;
