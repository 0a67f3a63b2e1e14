import {
  PHOTO_INVALID_TYPE_MESSAGE,
  PHOTO_TOO_LARGE_MESSAGE,
  PROFILE_PHOTO_MAX_BYTES,
  PROFILE_PHOTO_TYPES,
} from '@vetconsult/schema/people';
import { type ChangeEvent, useEffect, useId, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { initialsOf } from '../../../lib/initials';
import { PhotoCropDialog } from './photo-crop-dialog';

// The photo part of /profile: choose a file (type and size checked with the spec's messages), crop it,
// and keep the result as a local preview until the profile form is saved.

export function validatePhoto(file: File): string | null {
  if (!(PROFILE_PHOTO_TYPES as readonly string[]).includes(file.type)) return PHOTO_INVALID_TYPE_MESSAGE;
  if (file.size > PROFILE_PHOTO_MAX_BYTES) return PHOTO_TOO_LARGE_MESSAGE;
  return null;
}

interface PhotoPickerProps {
  name: string;
  /** The stored photo, if any. */
  storedUrl: string | null;
  /** The cropped photo waiting to be sent with the form. */
  pending: File | null;
  onPendingChange(photo: File | null): void;
  removing: boolean;
  onRemove(): void;
}

export function PhotoPicker({ name, storedUrl, pending, onPendingChange, removing, onRemove }: PhotoPickerProps) {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [source, setSource] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [previewUrl, setPreviewUrl] = useState<string | null>(null);

  useEffect(() => {
    if (!pending) {
      setPreviewUrl(null);
      return;
    }
    const url = URL.createObjectURL(pending);
    setPreviewUrl(url);
    return () => URL.revokeObjectURL(url);
  }, [pending]);

  useEffect(() => () => (source ? URL.revokeObjectURL(source) : undefined), [source]);

  const onFileChange = (event: ChangeEvent<HTMLInputElement>) => {
    const files = event.target.files;
    const file = files?.[0];
    event.target.value = '';
    if (!file) return;
    const problem = files && files.length > 1 ? 'Too many files' : validatePhoto(file);
    setError(problem);
    if (!problem) setSource(URL.createObjectURL(file));
  };

  const shown = previewUrl ?? storedUrl;

  return (
    <div className="flex flex-col items-center gap-5 sm:flex-row sm:items-center">
      <div className="relative">
        {shown ? (
          <img
            src={shown}
            alt={previewUrl ? 'New profile photo preview' : 'Your profile photo'}
            data-testid="profile-photo-preview"
            className="size-28 rounded-full object-cover ring-4 ring-white shadow-md dark:ring-slate-800"
          />
        ) : (
          <span
            aria-hidden="true"
            className="flex size-28 items-center justify-center rounded-full bg-brand-100 text-3xl font-semibold text-brand-800 ring-4 ring-white shadow-md dark:bg-brand-900 dark:text-brand-100 dark:ring-slate-800"
          >
            {initialsOf(name)}
          </span>
        )}
        {previewUrl ? (
          <span className="absolute -right-1 -bottom-1 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900 ring-2 ring-white dark:bg-amber-900 dark:text-amber-50 dark:ring-slate-900">
            Unsaved
          </span>
        ) : null}
      </div>
      <div className="text-center sm:text-left">
        <p className="text-sm font-semibold text-slate-900 dark:text-white">Profile photo</p>
        <p className="mt-0.5 text-sm text-slate-600 dark:text-slate-400">JPG, PNG, GIF or WebP, up to 10MB.</p>
        <div className="mt-3 flex flex-wrap justify-center gap-2 sm:justify-start">
          <input
            ref={input}
            id={inputId}
            type="file"
            accept={PROFILE_PHOTO_TYPES.join(',')}
            onChange={onFileChange}
            className="sr-only"
            tabIndex={-1}
            aria-label="Choose profile photo"
            aria-describedby={error ? `${inputId}-error` : undefined}
          />
          <Button variant="secondary" onClick={() => input.current?.click()}>
            {shown ? 'Change photo' : 'Choose photo'}
          </Button>
          {shown ? (
            <Button
              variant="ghost"
              busy={removing}
              onClick={onRemove}
              className="text-red-700 hover:bg-red-50 dark:text-red-300 dark:hover:bg-red-950"
            >
              Remove photo
            </Button>
          ) : null}
        </div>
        {previewUrl ? (
          <p className="mt-2 text-xs text-slate-600 dark:text-slate-400">Save your profile to upload the new photo.</p>
        ) : null}
        {error ? (
          <p id={`${inputId}-error`} role="alert" className="mt-2 text-sm text-red-700 dark:text-red-400">
            {error}
          </p>
        ) : null}
      </div>
      <PhotoCropDialog
        source={source}
        onCancel={() => setSource(null)}
        onSave={(photo) => {
          setSource(null);
          onPendingChange(photo);
        }}
      />
    </div>
  );
}
