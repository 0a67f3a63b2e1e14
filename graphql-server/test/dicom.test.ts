import { readFileSync } from 'node:fs';
import {
  COMPRESSION_UNSUPPORTED,
  DicomCompressionUnsupported,
  parseDicomImage,
  toDisplayBytes,
} from '@vetconsult/schema/dicom';
import { describe, expect, it } from 'vitest';

// The DICOM decoder shared by the browser viewer and the server's thumbnails. Expected values were read
// from the same files with pydicom + numpy (graphql-server/test/fixtures/dicom/README.md).

const fixture = (name: string) => new Uint8Array(readFileSync(new URL(`./fixtures/dicom/${name}`, import.meta.url)));

describe('parseDicomImage', () => {
  it('reads a single-frame CT: tags, size, and rescaled pixel values', () => {
    const image = parseDicomImage(fixture('CT_small.dcm'));
    expect(image).toMatchObject({ rows: 128, columns: 128, frames: 1, samplesPerPixel: 1, supported: true });
    expect(image.photometric).toBe('MONOCHROME2');
    expect(image.tags).toMatchObject({ patientName: 'CT1 CompressedSamples', modality: 'CT', studyDate: '2004-01-19' });
    const pixels = image.frame(0);
    // Stored values 175, 180, 166, 143 with rescale intercept -1024.
    expect(Array.from(pixels.subarray(0, 4))).toEqual([175 - 1024, 180 - 1024, 166 - 1024, 143 - 1024]);
    expect(Array.from(pixels.subarray(64 * 128 + 60, 64 * 128 + 64))).toEqual(
      [2189, 2191, 2122, 2023].map((v) => v - 1024),
    );
    // No window in the file: the first frame's range (stored 128..2191).
    expect(image.window).toEqual({ center: (128 + 2191) / 2 - 1024, width: 2191 - 128 });
  });

  it('reads every frame of a multi-frame file (implicit VR, 32-bit)', () => {
    const image = parseDicomImage(fixture('rtdose.dcm'));
    expect(image).toMatchObject({ rows: 10, columns: 10, frames: 15, bitsAllocated: 32, supported: true });
    expect(image.tags).toMatchObject({
      patientName: 'Firstname Lastname',
      modality: 'RTDOSE',
      studyDate: '2003-08-05',
    });
    expect(Array.from(image.frame(0).subarray(0, 4))).toEqual([1249000, 1249000, 1250000, 1250000]);
    expect(Array.from(image.frame(7).subarray(50, 54))).toEqual([985000, 985000, 983000, 978000]);
    expect(Math.max(...image.frame(14))).toBe(1251000);
    expect(() => image.frame(15)).toThrow(RangeError);
  });

  it('reads big-endian pixels and the window stored in the file', () => {
    const image = parseDicomImage(fixture('MR_small_bigendian.dcm'));
    expect(image.window).toEqual({ center: 600, width: 1600 });
    expect(Array.from(image.frame(0).subarray(0, 4))).toEqual([905, 1019, 1227, 1259]);
  });

  it('parses a compressed file but refuses its frames with the viewer message', () => {
    const image = parseDicomImage(fixture('MR_small_jpeg_ls_lossless.dcm'));
    expect(image.supported).toBe(false);
    expect(image.transferSyntax).toBe('1.2.840.10008.1.2.4.80');
    expect(image.tags.modality).toBe('MR');
    expect(() => image.frame(0)).toThrow(DicomCompressionUnsupported);
    expect(() => image.frame(0)).toThrow(COMPRESSION_UNSUPPORTED);
  });

  it('refuses bytes that are not DICOM', () => {
    expect(() => parseDicomImage(new TextEncoder().encode('not a dicom file at all'))).toThrow();
  });
});

describe('toDisplayBytes', () => {
  it('maps the window linearly to 0..255, clamping outside it, and inverts MONOCHROME1', () => {
    const values = Float32Array.from([-1000, 0, 100, 200, 5000]);
    const window = { center: 100, width: 201 };
    expect(Array.from(toDisplayBytes({ samplesPerPixel: 1, photometric: 'MONOCHROME2' }, values, window))).toEqual([
      0, 1, 128, 255, 255,
    ]);
    expect(Array.from(toDisplayBytes({ samplesPerPixel: 1, photometric: 'MONOCHROME1' }, values, window))).toEqual([
      255, 254, 127, 0, 0,
    ]);
  });
});
