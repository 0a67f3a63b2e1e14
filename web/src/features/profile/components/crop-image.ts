import type { Area } from 'react-easy-crop';

// Renders the chosen square of the (rotated) image to a JPEG file: SPEC §2 /profile and §9 — the file is
// named profile-photo.jpg and encoded at quality 0.9.

export const CROPPED_FILE_NAME = 'profile-photo.jpg';
export const JPEG_QUALITY = 0.9;
/** Larger crops are scaled down; a profile photo never needs more. */
const MAX_OUTPUT_PX = 1024;

function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error('The image could not be read.'));
    image.src = src;
  });
}

export async function cropToJpeg(src: string, area: Area, rotation: number): Promise<File> {
  const image = await loadImage(src);
  const radians = (rotation * Math.PI) / 180;
  const sin = Math.abs(Math.sin(radians));
  const cos = Math.abs(Math.cos(radians));
  const rotatedWidth = Math.round(image.naturalWidth * cos + image.naturalHeight * sin);
  const rotatedHeight = Math.round(image.naturalWidth * sin + image.naturalHeight * cos);

  // The whole image, rotated about its centre: the crop area is measured on this.
  const rotated = document.createElement('canvas');
  rotated.width = rotatedWidth;
  rotated.height = rotatedHeight;
  const rotatedContext = rotated.getContext('2d');
  if (!rotatedContext) throw new Error('Canvas is not available.');
  rotatedContext.translate(rotatedWidth / 2, rotatedHeight / 2);
  rotatedContext.rotate(radians);
  rotatedContext.drawImage(image, -image.naturalWidth / 2, -image.naturalHeight / 2);

  const scale = Math.min(1, MAX_OUTPUT_PX / Math.max(area.width, area.height));
  const output = document.createElement('canvas');
  output.width = Math.max(1, Math.round(area.width * scale));
  output.height = Math.max(1, Math.round(area.height * scale));
  const context = output.getContext('2d');
  if (!context) throw new Error('Canvas is not available.');
  // JPEG has no transparency: whatever lies outside the image (zoomed out) becomes white, not black.
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, output.width, output.height);
  context.drawImage(rotated, area.x, area.y, area.width, area.height, 0, 0, output.width, output.height);

  const blob = await new Promise<Blob | null>((resolve) => output.toBlob(resolve, 'image/jpeg', JPEG_QUALITY));
  if (!blob) throw new Error('The cropped photo could not be created.');
  return new File([blob], CROPPED_FILE_NAME, { type: 'image/jpeg' });
}
