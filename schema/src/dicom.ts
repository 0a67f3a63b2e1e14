import * as dicomParserModule from 'dicom-parser';

// DICOM images for the browser viewer and the server's thumbnails, one decoder for both sides:
// dicom-parser (MIT) reads the Part 10 structure; the pixel data of uncompressed transfer syntaxes is
// decoded here (8/16/32-bit grey, signed or not, rescaled to modality values; 8-bit RGB). Compressed
// syntaxes (JPEG, JPEG-LS, JPEG 2000, RLE, deflate) parse, but their frames throw
// DicomCompressionUnsupported: the viewer says so and offers the download.

// dicom-parser is a UMD bundle: Node sees it as CommonJS (namespace.default), bundlers as named exports.
const dicomParser: typeof dicomParserModule =
  (dicomParserModule as unknown as { default?: typeof dicomParserModule }).default ?? dicomParserModule;

export const COMPRESSION_UNSUPPORTED =
  'This compression is not supported in the browser viewer yet — download the file.';

export class DicomCompressionUnsupported extends Error {
  constructor(readonly transferSyntax: string) {
    super(COMPRESSION_UNSUPPORTED);
    this.name = 'DicomCompressionUnsupported';
  }
}

const IMPLICIT_LE = '1.2.840.10008.1.2';
const EXPLICIT_LE = '1.2.840.10008.1.2.1';
const EXPLICIT_BE = '1.2.840.10008.1.2.2';
const UNCOMPRESSED = new Set([IMPLICIT_LE, EXPLICIT_LE, EXPLICIT_BE]);

/** The study tags the viewer's side panel shows. */
export interface DicomTags {
  patientName: string;
  patientId: string;
  species: string;
  breed: string;
  modality: string;
  studyDate: string;
  bodyPart: string;
  studyDescription: string;
}

export interface DicomImage {
  rows: number;
  columns: number;
  frames: number;
  samplesPerPixel: number;
  photometric: string;
  bitsAllocated: number;
  transferSyntax: string;
  /** false for JPEG, JPEG-LS, JPEG 2000, RLE and deflated syntaxes. */
  supported: boolean;
  /** From the file, or from the first frame's range when the file has none. */
  window: { center: number; width: number };
  tags: DicomTags;
  /**
   * Frame `index` (0-based): grey images give modality values (rescale slope and intercept applied),
   * one per pixel; RGB gives r, g, b per pixel. Throws DicomCompressionUnsupported when compressed.
   */
  frame(index: number): Float32Array;
}

/** DICOM PN "Family^Given^Middle^Prefix^Suffix" as "Given Family". */
function personName(value: string | undefined): string {
  if (!value) return '';
  const [family = '', given = '', middle = ''] = value.split('=')[0]?.split('^') ?? [];
  return [given, middle, family].filter(Boolean).join(' ').trim();
}

/** DICOM DA "YYYYMMDD" as "YYYY-MM-DD" (kept as is when it is not one). */
function isoDate(value: string | undefined): string {
  if (!value) return '';
  const match = /^(\d{4})(\d{2})(\d{2})$/.exec(value.trim());
  return match ? `${match[1]}-${match[2]}-${match[3]}` : value.trim();
}

function firstNumber(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const number = Number.parseFloat(value.split('\\')[0] ?? '');
  return Number.isFinite(number) ? number : undefined;
}

/** Parses a Part 10 file (or a bare data set in implicit VR little endian). Throws on a file that is not DICOM. */
export function parseDicomImage(bytes: Uint8Array): DicomImage {
  const dataSet = dicomParser.parseDicom(bytes);
  const text = (tag: string) => dataSet.string(tag)?.trim() ?? '';
  const transferSyntax = text('x00020010') || IMPLICIT_LE;
  const rows = dataSet.uint16('x00280010') ?? 0;
  const columns = dataSet.uint16('x00280011') ?? 0;
  const pixelData = dataSet.elements.x7fe00010;
  if (!rows || !columns || !pixelData) throw new Error('This DICOM file holds no image');
  const samplesPerPixel = dataSet.uint16('x00280002') ?? 1;
  const bitsAllocated = dataSet.uint16('x00280100') ?? 16;
  const signed = (dataSet.uint16('x00280103') ?? 0) === 1;
  const planar = (dataSet.uint16('x00280006') ?? 0) === 1;
  const photometric = text('x00280004') || 'MONOCHROME2';
  const frames = Math.max(1, Number.parseInt(text('x00280008') || '1', 10) || 1);
  const slope = firstNumber(dataSet.string('x00281053')) ?? 1;
  const intercept = firstNumber(dataSet.string('x00281052')) ?? 0;
  const supported = UNCOMPRESSED.has(transferSyntax) && !pixelData.encapsulatedPixelData;
  const littleEndian = transferSyntax !== EXPLICIT_BE;
  const bytesPerSample = bitsAllocated / 8;
  const pixels = rows * columns;
  const frameBytes = pixels * samplesPerPixel * bytesPerSample;

  function frame(index: number): Float32Array {
    if (!supported) throw new DicomCompressionUnsupported(transferSyntax);
    if (!Number.isInteger(index) || index < 0 || index >= frames) throw new RangeError(`No frame ${index}`);
    if (![8, 16, 32].includes(bitsAllocated)) throw new Error(`${bitsAllocated}-bit pixels are not supported`);
    const start = (pixelData?.dataOffset ?? 0) + index * frameBytes;
    if (start + frameBytes > bytes.byteLength) throw new Error('The pixel data is shorter than the image');
    const view = new DataView(bytes.buffer, bytes.byteOffset + start, frameBytes);
    const read =
      bitsAllocated === 8
        ? (offset: number) => (signed ? view.getInt8(offset) : view.getUint8(offset))
        : bitsAllocated === 16
          ? (offset: number) => (signed ? view.getInt16(offset, littleEndian) : view.getUint16(offset, littleEndian))
          : (offset: number) => (signed ? view.getInt32(offset, littleEndian) : view.getUint32(offset, littleEndian));
    const out = new Float32Array(pixels * samplesPerPixel);
    if (samplesPerPixel === 1) {
      for (let i = 0; i < pixels; i++) out[i] = read(i * bytesPerSample) * slope + intercept;
    } else {
      // Colour: interleaved r,g,b (planar configuration 0) or three planes (1); out is interleaved.
      for (let i = 0; i < pixels; i++) {
        for (let s = 0; s < samplesPerPixel; s++) {
          const sample = planar ? s * pixels + i : i * samplesPerPixel + s;
          out[i * samplesPerPixel + s] = read(sample * bytesPerSample);
        }
      }
    }
    return out;
  }

  let center = firstNumber(dataSet.string('x00281050'));
  let width = firstNumber(dataSet.string('x00281051'));
  if ((center === undefined || width === undefined || width <= 0) && supported) {
    const range = valueRange(frame(0));
    center = (range.min + range.max) / 2;
    width = Math.max(1, range.max - range.min);
  }

  return {
    rows,
    columns,
    frames,
    samplesPerPixel,
    photometric,
    bitsAllocated,
    transferSyntax,
    supported,
    window: { center: center ?? 128, width: width ?? 256 },
    tags: {
      patientName: personName(dataSet.string('x00100010')),
      patientId: text('x00100020'),
      species: text('x00102201'),
      breed: text('x00102292'),
      modality: text('x00080060'),
      studyDate: isoDate(dataSet.string('x00080020')),
      bodyPart: text('x00180015'),
      studyDescription: text('x00081030'),
    },
    frame,
  };
}

export function valueRange(values: Float32Array): { min: number; max: number } {
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  for (const value of values) {
    if (value < min) min = value;
    if (value > max) max = value;
  }
  return Number.isFinite(min) ? { min, max } : { min: 0, max: 0 };
}

/**
 * Window/level to 8-bit grey (DICOM's linear VOI function), inverted for MONOCHROME1. RGB images are
 * returned as r, g, b (clamped), windowing does not apply to them.
 */
export function toDisplayBytes(
  image: Pick<DicomImage, 'samplesPerPixel' | 'photometric'>,
  values: Float32Array,
  window: { center: number; width: number },
): Uint8ClampedArray {
  if (image.samplesPerPixel !== 1) return Uint8ClampedArray.from(values);
  const out = new Uint8ClampedArray(values.length);
  const width = Math.max(1, window.width);
  const low = window.center - 0.5 - (width - 1) / 2;
  const scale = 255 / Math.max(1, width - 1);
  const invert = image.photometric === 'MONOCHROME1';
  for (let i = 0; i < values.length; i++) {
    const grey = ((values[i] ?? 0) - low) * scale;
    out[i] = invert ? 255 - grey : grey;
  }
  return out;
}
