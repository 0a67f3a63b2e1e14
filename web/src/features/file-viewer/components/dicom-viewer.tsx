import { COMPRESSION_UNSUPPORTED, type DicomImage, parseDicomImage, toDisplayBytes } from '@vetconsult/schema/dicom';
import { type PointerEvent, useEffect, useMemo, useRef, useState } from 'react';
import { Spinner } from '../../../components/ui/spinner';
import { downloadFile, readFile } from '../../../lib/file-transfer';

// Issue 16: a small DICOM viewer of our own (dicom-parser + a canvas), loaded lazily from the preview
// dialog. Drag to change window/level (or pan, with the Pan tool), presets, zoom, fit/reset, frames
// with the slider or the mouse wheel, and the study tags beside the image.

type Tool = 'window' | 'pan';
interface View {
  zoom: number;
  x: number;
  y: number;
}
const FIT: View = { zoom: 1, x: 0, y: 0 };

const CT_PRESETS = [
  { label: 'Soft tissue', center: 40, width: 400 },
  { label: 'Lung', center: -600, width: 1500 },
  { label: 'Bone', center: 300, width: 1500 },
  { label: 'Brain', center: 40, width: 80 },
];

function useDicom(url: string) {
  const [state, setState] = useState<{ image?: DicomImage; error?: string }>({});
  useEffect(() => {
    let live = true;
    (async () => {
      const blob = await readFile(url, 'This file could not be read as DICOM.');
      return parseDicomImage(new Uint8Array(await blob.arrayBuffer()));
    })().then(
      (image) => live && setState({ image }),
      (error: Error) => live && setState({ error: error.message || 'This file could not be read as DICOM.' }),
    );
    return () => {
      live = false;
    };
  }, [url]);
  return state;
}

function TagList({ image }: { image: DicomImage }) {
  const tags: Array<[string, string]> = [
    ['Patient', image.tags.patientName],
    ['Patient ID', image.tags.patientId],
    ['Species', image.tags.species],
    ['Breed', image.tags.breed],
    ['Modality', image.tags.modality],
    ['Study date', image.tags.studyDate],
    ['Body part', image.tags.bodyPart],
    ['Study', image.tags.studyDescription],
    ['Size', `${image.columns} × ${image.rows}${image.frames > 1 ? ` × ${image.frames} frames` : ''}`],
  ];
  return (
    <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm lg:grid-cols-1" aria-label="Study tags">
      {tags.map(([label, value]) => (
        <div key={label}>
          <dt className="text-xs font-medium text-slate-500 dark:text-slate-400">{label}</dt>
          <dd className="break-words text-slate-900 dark:text-slate-100">{value || '—'}</dd>
        </div>
      ))}
    </dl>
  );
}

const toolButton = (active: boolean) =>
  `rounded-lg px-2.5 py-1.5 text-xs font-semibold ring-1 ring-inset ${
    active
      ? 'bg-brand-700 text-white ring-brand-700 dark:bg-brand-500 dark:text-slate-950 dark:ring-brand-500'
      : 'text-slate-700 ring-slate-300 hover:bg-slate-50 dark:text-slate-200 dark:ring-slate-600 dark:hover:bg-slate-800'
  }`;

function Viewer({ image, url, name }: { image: DicomImage; url: string; name: string }) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [frame, setFrame] = useState(0);
  const [voi, setVoi] = useState(image.window);
  const [view, setView] = useState<View>(FIT);
  const [tool, setTool] = useState<Tool>('window');
  const drag = useRef<{ x: number; y: number; window: typeof voi; view: View } | null>(null);
  const grey = image.samplesPerPixel === 1;

  const values = useMemo(() => image.frame(frame), [image, frame]);

  // The frame at full resolution, windowed, on an offscreen canvas; then drawn fitted, zoomed and panned.
  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const bytes = toDisplayBytes(image, values, voi);
    const pixels = new ImageData(image.columns, image.rows);
    const channels = image.samplesPerPixel;
    for (let i = 0, n = image.columns * image.rows; i < n; i++) {
      pixels.data[i * 4] = bytes[i * channels] ?? 0;
      pixels.data[i * 4 + 1] = bytes[i * channels + (channels > 1 ? 1 : 0)] ?? 0;
      pixels.data[i * 4 + 2] = bytes[i * channels + (channels > 1 ? 2 : 0)] ?? 0;
      pixels.data[i * 4 + 3] = 255;
    }
    const source = document.createElement('canvas');
    source.width = image.columns;
    source.height = image.rows;
    source.getContext('2d')?.putImageData(pixels, 0, 0);
    const size = canvas.getBoundingClientRect();
    canvas.width = Math.max(1, Math.round(size.width));
    canvas.height = Math.max(1, Math.round(size.height));
    const context = canvas.getContext('2d');
    if (!context) return;
    context.fillStyle = '#000';
    context.fillRect(0, 0, canvas.width, canvas.height);
    const scale = Math.min(canvas.width / image.columns, canvas.height / image.rows) * view.zoom;
    const width = image.columns * scale;
    const height = image.rows * scale;
    // Small images (a 10 x 10 dose grid) are enlarged with visible pixels, not blurred.
    context.imageSmoothingEnabled = scale < 4;
    context.drawImage(
      source,
      (canvas.width - width) / 2 + view.x,
      (canvas.height - height) / 2 + view.y,
      width,
      height,
    );
  }, [image, values, voi, view]);

  const onPointerDown = (event: PointerEvent<HTMLCanvasElement>) => {
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { x: event.clientX, y: event.clientY, window: voi, view };
  };
  const onPointerMove = (event: PointerEvent<HTMLCanvasElement>) => {
    const start = drag.current;
    if (!start) return;
    const dx = event.clientX - start.x;
    const dy = event.clientY - start.y;
    if (tool === 'pan' || event.shiftKey || !grey) {
      setView({ ...start.view, x: start.view.x + dx, y: start.view.y + dy });
    } else {
      // Horizontal drag widens or narrows the window; vertical drag moves the level.
      const step = Math.max(1, start.window.width / 200);
      setVoi({ center: start.window.center + dy * step, width: Math.max(1, start.window.width + dx * step) });
    }
  };
  const onPointerUp = () => {
    drag.current = null;
  };

  // The wheel moves through frames; with Ctrl (or on a single frame) it zooms.
  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const onWheel = (event: WheelEvent) => {
      event.preventDefault();
      if (image.frames > 1 && !event.ctrlKey) {
        setFrame((current) => Math.min(image.frames - 1, Math.max(0, current + Math.sign(event.deltaY))));
      } else {
        setView((current) => ({
          ...current,
          zoom: Math.min(16, Math.max(0.25, current.zoom * (event.deltaY < 0 ? 1.2 : 1 / 1.2))),
        }));
      }
    };
    canvas.addEventListener('wheel', onWheel, { passive: false });
    return () => canvas.removeEventListener('wheel', onWheel);
  }, [image.frames]);

  const presets = [{ label: 'Default', ...image.window }, ...(image.tags.modality === 'CT' ? CT_PRESETS : [])];

  return (
    <div className="grid gap-4 lg:grid-cols-[1fr_15rem]">
      <div className="min-w-0">
        <div className="mb-2 flex flex-wrap items-center gap-2" role="toolbar" aria-label="Viewer tools">
          {grey ? (
            <button
              type="button"
              className={toolButton(tool === 'window')}
              aria-pressed={tool === 'window'}
              onClick={() => setTool('window')}
            >
              Window/Level
            </button>
          ) : null}
          <button
            type="button"
            className={toolButton(tool === 'pan')}
            aria-pressed={tool === 'pan'}
            onClick={() => setTool('pan')}
          >
            Pan
          </button>
          <button
            type="button"
            className={toolButton(false)}
            onClick={() => setView((v) => ({ ...v, zoom: Math.min(16, v.zoom * 1.25) }))}
          >
            Zoom in
          </button>
          <button
            type="button"
            className={toolButton(false)}
            onClick={() => setView((v) => ({ ...v, zoom: Math.max(0.25, v.zoom / 1.25) }))}
          >
            Zoom out
          </button>
          <button type="button" className={toolButton(false)} onClick={() => setView(FIT)}>
            Fit
          </button>
          <button
            type="button"
            className={toolButton(false)}
            onClick={() => {
              setView(FIT);
              setVoi(image.window);
              setFrame(0);
            }}
          >
            Reset
          </button>
          {grey ? (
            <label className="flex items-center gap-1.5 text-xs text-slate-600 dark:text-slate-300">
              Preset
              <select
                className="rounded-lg border border-slate-300 bg-white px-2 py-1 text-xs dark:border-slate-600 dark:bg-slate-800"
                value=""
                onChange={(event) => {
                  const preset = presets.find((p) => p.label === event.target.value);
                  if (preset) setVoi({ center: preset.center, width: preset.width });
                }}
              >
                <option value="" disabled>
                  Choose...
                </option>
                {presets.map((preset) => (
                  <option key={preset.label} value={preset.label}>
                    {preset.label} ({Math.round(preset.width)}/{Math.round(preset.center)})
                  </option>
                ))}
              </select>
            </label>
          ) : null}
        </div>
        <canvas
          ref={canvasRef}
          aria-label={`DICOM image ${name}, frame ${frame + 1} of ${image.frames}`}
          className={`h-[55vh] w-full touch-none rounded-lg bg-black ${tool === 'pan' ? 'cursor-move' : 'cursor-crosshair'}`}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerUp}
          onPointerCancel={onPointerUp}
        />
        <div className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-2 text-xs text-slate-600 dark:text-slate-300">
          {grey ? (
            <span data-testid="dicom-window">
              W {Math.round(voi.width)} / L {Math.round(voi.center)}
            </span>
          ) : null}
          <span>Zoom {Math.round(view.zoom * 100)}%</span>
          {image.frames > 1 ? (
            <label className="flex flex-1 items-center gap-2">
              <span data-testid="dicom-frame">
                Frame {frame + 1} of {image.frames}
              </span>
              <input
                type="range"
                aria-label="Frame"
                min={1}
                max={image.frames}
                value={frame + 1}
                onChange={(event) => setFrame(Number(event.target.value) - 1)}
                className="min-w-32 flex-1"
              />
            </label>
          ) : null}
          <button
            type="button"
            className="ml-auto font-semibold text-brand-700 hover:underline dark:text-brand-300"
            onClick={() => void downloadFile(url, name)}
          >
            Download
          </button>
        </div>
      </div>
      <aside className="rounded-xl border border-slate-200 p-3 dark:border-slate-700">
        <h3 className="mb-2 text-xs font-semibold tracking-wide text-slate-500 uppercase dark:text-slate-400">Study</h3>
        <TagList image={image} />
      </aside>
    </div>
  );
}

export default function DicomViewer({ url, name }: { url: string; name: string }) {
  const { image, error } = useDicom(url);
  if (error) {
    return (
      <p role="alert" className="rounded-lg bg-red-50 p-4 text-sm text-red-800 dark:bg-red-950 dark:text-red-200">
        {error}
      </p>
    );
  }
  if (!image) {
    return (
      <div className="flex h-64 items-center justify-center">
        <Spinner />
      </div>
    );
  }
  if (!image.supported) {
    return (
      <div className="grid gap-4 lg:grid-cols-[1fr_15rem]">
        <div
          role="status"
          className="rounded-lg bg-amber-50 p-4 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100"
        >
          <p>{COMPRESSION_UNSUPPORTED}</p>
          <button
            type="button"
            className="mt-3 font-semibold text-brand-700 hover:underline dark:text-brand-300"
            onClick={() => void downloadFile(url, name)}
          >
            Download {name}
          </button>
        </div>
        <aside className="rounded-xl border border-slate-200 p-3 dark:border-slate-700">
          <TagList image={image} />
        </aside>
      </div>
    );
  }
  return <Viewer image={image} url={url} name={name} />;
}
