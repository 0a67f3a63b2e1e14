import { useCallback, useId, useState } from 'react';
import Cropper, { type Area, type MediaSize, type Point, type Size } from 'react-easy-crop';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogHeading } from '../../../components/ui/dialog';
import { Icon } from '../../../components/ui/icon';
import { cropToJpeg } from './crop-image';

// SPEC §2 /profile and §9: a square (1:1) round crop, first covering 90% of the image's width, centred;
// zoom 0.5 to 3 in steps of 0.1 (default 1); rotation in 90-degree steps.

const MIN_ZOOM = 0.5;
const MAX_ZOOM = 3;
const ZOOM_STEP = 0.1;
const INITIAL_SELECTION = 0.9;

interface PhotoCropDialogProps {
  /** Object URL of the chosen image; null closes the dialog. */
  source: string | null;
  onCancel(): void;
  onSave(photo: File): void;
}

export function PhotoCropDialog({ source, onCancel, onSave }: PhotoCropDialogProps) {
  const [crop, setCrop] = useState<Point>({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [rotation, setRotation] = useState(0);
  const [cropSize, setCropSize] = useState<Size | undefined>(undefined);
  const [area, setArea] = useState<Area | null>(null);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const zoomId = useId();

  const reset = () => {
    setCrop({ x: 0, y: 0 });
    setZoom(1);
    setRotation(0);
    setCropSize(undefined);
    setArea(null);
    setError(null);
  };

  // The selection starts at 90% of the shown image's width (a square, so never taller than the image).
  const onMediaLoaded = useCallback((media: MediaSize) => {
    const side = Math.floor(Math.min(media.width * INITIAL_SELECTION, media.height));
    setCropSize({ width: side, height: side });
  }, []);

  const onComplete = useCallback((_: Area, pixels: Area) => setArea(pixels), []);

  const close = () => {
    reset();
    onCancel();
  };

  const save = async () => {
    if (!source || !area) return;
    setSaving(true);
    setError(null);
    try {
      const photo = await cropToJpeg(source, area, rotation);
      reset();
      onSave(photo);
    } catch (cause) {
      setError(cause instanceof Error ? cause.message : 'The photo could not be cropped.');
    } finally {
      setSaving(false);
    }
  };

  const rotateButton =
    'inline-flex items-center gap-1.5 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-700 shadow-sm hover:bg-slate-50 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-200 dark:hover:bg-slate-800';

  return (
    <Dialog open={source !== null} onClose={saving ? undefined : close} width="lg" media>
      <DialogHeading>Crop your photo</DialogHeading>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
        Drag to position the photo inside the circle, then zoom or rotate as needed.
      </p>
      <div className="relative mt-4 h-72 overflow-hidden rounded-xl bg-slate-900 sm:h-80" data-testid="photo-cropper">
        {source ? (
          <Cropper
            image={source}
            crop={crop}
            zoom={zoom}
            rotation={rotation}
            aspect={1}
            cropShape="round"
            showGrid={false}
            minZoom={MIN_ZOOM}
            maxZoom={MAX_ZOOM}
            cropSize={cropSize}
            restrictPosition={zoom >= 1}
            onCropChange={setCrop}
            onZoomChange={setZoom}
            onRotationChange={setRotation}
            onCropComplete={onComplete}
            onMediaLoaded={onMediaLoaded}
            mediaProps={{ alt: 'Photo being cropped' }}
          />
        ) : null}
      </div>
      <div className="mt-4 space-y-4">
        <div>
          <div className="mb-1.5 flex items-center justify-between">
            <label htmlFor={zoomId} className="text-sm font-medium text-slate-700 dark:text-slate-200">
              Zoom
            </label>
            <span className="text-xs text-slate-500 tabular-nums dark:text-slate-400">{zoom.toFixed(1)}×</span>
          </div>
          <input
            id={zoomId}
            type="range"
            min={MIN_ZOOM}
            max={MAX_ZOOM}
            step={ZOOM_STEP}
            value={zoom}
            onChange={(event) => setZoom(Number(event.target.value))}
            className="w-full accent-brand-700 dark:accent-brand-400"
          />
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <span className="mr-1 text-sm font-medium text-slate-700 dark:text-slate-200">Rotate</span>
          <button type="button" className={rotateButton} onClick={() => setRotation((r) => (r + 270) % 360)}>
            <Icon name="arrow-uturn-left" className="size-4" />
            Rotate left
          </button>
          <button type="button" className={rotateButton} onClick={() => setRotation((r) => (r + 90) % 360)}>
            <Icon name="arrow-uturn-right" className="size-4" />
            Rotate right
          </button>
          <span className="text-xs text-slate-500 tabular-nums dark:text-slate-400">{rotation}°</span>
        </div>
        {error ? (
          <p role="alert" className="text-sm text-red-700 dark:text-red-400">
            {error}
          </p>
        ) : null}
      </div>
      <div className="mt-6 flex justify-end gap-3">
        <Button variant="secondary" onClick={close} disabled={saving}>
          Cancel
        </Button>
        <Button onClick={() => void save()} busy={saving} disabled={!area}>
          Save Photo
        </Button>
      </div>
    </Dialog>
  );
}
