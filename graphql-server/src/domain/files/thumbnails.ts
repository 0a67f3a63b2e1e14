import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { promisify } from 'node:util';
import { parseDicomImage, toDisplayBytes } from '@vetconsult/schema/dicom';
import sharp, { type Sharp } from 'sharp';

// Thumbnails of case files (issue 16): a WebP of at most 256 px a side. Images through sharp (EXIF
// orientation applied, a GIF's first frame), DICOM from its first frame through our own decoder, MP4
// and other videos from their first frame through ffmpeg when it is on the PATH. Anything else (PDF,
// documents, archives, compressed DICOM, a corrupt file) gets none: the client shows its type icon.

export const THUMBNAIL_SIZE = 256;
export const THUMBNAIL_TYPE = 'image/webp';

const run = promisify(execFile);

function toWebp(image: Sharp): Promise<Buffer> {
  return image
    .resize(THUMBNAIL_SIZE, THUMBNAIL_SIZE, { fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 78 })
    .toBuffer();
}

function imageThumbnail(bytes: Buffer): Promise<Buffer> {
  // pages: 1 takes the first frame of an animation; rotate() applies the EXIF orientation.
  return toWebp(sharp(bytes, { pages: 1, failOn: 'error' }).rotate());
}

function dicomThumbnail(bytes: Buffer): Promise<Buffer> {
  const image = parseDicomImage(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  const display = toDisplayBytes(image, image.frame(0), image.window);
  const channels = image.samplesPerPixel === 3 ? 3 : 1;
  return toWebp(sharp(Buffer.from(display.buffer), { raw: { width: image.columns, height: image.rows, channels } }));
}

let ffmpegPath: Promise<string | null> | undefined;

/** ffmpeg's path when it is on the PATH (looked up once). */
export function findFfmpeg(): Promise<string | null> {
  ffmpegPath ??= (async () => {
    for (const folder of (process.env.PATH ?? '').split(delimiter).filter(Boolean)) {
      const candidate = join(folder, 'ffmpeg');
      try {
        await run(candidate, ['-version'], { timeout: 5000 });
        return candidate;
      } catch {
        // not here
      }
    }
    return null;
  })();
  return ffmpegPath;
}

async function videoThumbnail(bytes: Buffer): Promise<Buffer | null> {
  const ffmpeg = await findFfmpeg();
  if (!ffmpeg) return null;
  const folder = await mkdtemp(join(tmpdir(), 'vetconsult-video-'));
  try {
    const input = join(folder, 'video');
    await writeFile(input, bytes);
    const { stdout } = await run(
      ffmpeg,
      ['-v', 'error', '-i', input, '-frames:v', '1', '-f', 'image2pipe', '-c:v', 'png', 'pipe:1'],
      { encoding: 'buffer', maxBuffer: 64 * 1024 * 1024, timeout: 30_000 },
    );
    return imageThumbnail(stdout);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/** The thumbnail of a file of this (sniffed) type, or null when it has none. Throws on unreadable bytes. */
export async function makeThumbnail(bytes: Buffer, fileType: string): Promise<Buffer | null> {
  if (fileType === 'application/dicom') return dicomThumbnail(bytes);
  if (fileType.startsWith('image/')) return imageThumbnail(bytes);
  if (fileType.startsWith('video/')) return videoThumbnail(bytes);
  return null;
}
