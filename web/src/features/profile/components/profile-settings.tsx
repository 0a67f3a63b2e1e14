import { zodResolver } from '@hookform/resolvers/zod';
import { type Profile, type ProfileInput, profileSchema } from '@vetconsult/schema/people';
import { DEFAULT_TIMEZONE, TIMEZONES } from '@vetconsult/schema/values';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ClinicFields } from '../../../components/ui/clinic-fields';
import { SelectField, TextField } from '../../../components/ui/form-field';
import { type AuthUser, useAuth } from '../../../lib/auth/auth-context';
import { FileTransferError } from '../../../lib/file-transfer';
import { errorText, serverErrorMessage } from '../../../lib/graphql-errors';
import { toast } from '../../../lib/toasts';
import { useDeleteProfilePhoto } from '../api/delete-profile-photo';
import { updateProfile } from '../api/update-profile';
import { PhotoPicker } from './photo-picker';

// SPEC §2 /profile: photo (crop, preview, sent with the form), name, email, time zone, and for
// veterinarians the clinic name and structured address. After each change the signed-in user is
// refreshed, so the frame shows the new name and photo.

function defaultsFor(user: AuthUser): ProfileInput {
  return {
    name: user.name,
    email: user.email,
    timezone: user.timezone || DEFAULT_TIMEZONE,
    clinicName: user.clinicName ?? '',
    clinicAddress: user.clinicAddress ?? '',
  };
}

export function ProfileSettings({ user }: { user: AuthUser }) {
  const { refresh } = useAuth();
  const isVet = user.role === 'VETERINARIAN';
  const [pendingPhoto, setPendingPhoto] = useState<File | null>(null);
  const [removing, setRemoving] = useState(false);
  const {
    register,
    control,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<ProfileInput, unknown, Profile>({
    resolver: zodResolver(profileSchema),
    defaultValues: defaultsFor(user),
  });

  const timezones: { value: string; label: string }[] = TIMEZONES.some((zone) => zone.value === user.timezone)
    ? [...TIMEZONES]
    : [{ value: user.timezone, label: user.timezone }, ...TIMEZONES];

  const onSubmit = handleSubmit(async (profile) => {
    try {
      await updateProfile(
        {
          name: profile.name,
          email: profile.email,
          timezone: profile.timezone,
          ...(isVet ? { clinicName: profile.clinicName ?? '', clinicAddress: profile.clinicAddress ?? '' } : {}),
        },
        pendingPhoto,
      );
      setPendingPhoto(null);
      await refresh();
      reset({
        name: profile.name,
        email: profile.email,
        timezone: profile.timezone,
        clinicName: profile.clinicName ?? '',
        clinicAddress: profile.clinicAddress ?? '',
      });
      toast({ title: 'Profile updated successfully', variant: 'success' });
    } catch (error) {
      toast({
        title: 'Failed to update profile',
        description: profileErrorText(error, 'Failed to update profile'),
        variant: 'destructive',
      });
    }
  });

  const deleteProfilePhoto = useDeleteProfilePhoto();
  const onRemovePhoto = async () => {
    setPendingPhoto(null);
    if (!user.profilePhotoUrl) return;
    setRemoving(true);
    try {
      await deleteProfilePhoto();
      await refresh();
      toast({ title: 'Profile photo removed successfully', variant: 'success' });
    } catch (error) {
      toast({
        title: 'Failed to remove profile photo',
        description: profileErrorText(error, 'Failed to remove profile photo'),
        variant: 'destructive',
      });
    } finally {
      setRemoving(false);
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-6">
      <Card className="p-5 sm:p-6">
        <PhotoPicker
          name={user.name}
          storedUrl={user.profilePhotoUrl ?? null}
          pending={pendingPhoto}
          onPendingChange={setPendingPhoto}
          removing={removing}
          onRemove={() => void onRemovePhoto()}
        />
      </Card>

      <Card className="p-5 sm:p-6">
        <h2 className="text-lg font-semibold text-slate-900 dark:text-white">Personal Information</h2>
        <div className="mt-5 grid gap-4 sm:grid-cols-2">
          <TextField label="Full Name" autoComplete="name" error={errors.name?.message} {...register('name')} />
          <TextField
            label="Email"
            type="email"
            autoComplete="email"
            error={errors.email?.message}
            {...register('email')}
          />
          <SelectField label="Time Zone" error={errors.timezone?.message} {...register('timezone')}>
            {timezones.map((zone) => (
              <option key={zone.value} value={zone.value}>
                {zone.label}
              </option>
            ))}
          </SelectField>
        </div>
      </Card>

      {isVet ? (
        <Card className="p-5 sm:p-6">
          <h2 className="text-lg font-semibold text-slate-900 dark:text-white">Clinic</h2>
          <div className="mt-5 space-y-4">
            <ClinicFields control={control} />
          </div>
        </Card>
      ) : null}

      <div className="flex flex-wrap items-center justify-end gap-3">
        {pendingPhoto || isDirty ? (
          <p className="text-sm text-slate-600 dark:text-slate-400" aria-live="polite">
            You have unsaved changes.
          </p>
        ) : null}
        <Button type="submit" busy={isSubmitting}>
          {isSubmitting ? 'Saving...' : 'Save Changes'}
        </Button>
      </div>
    </form>
  );
}

/**
 * What a toast says about a failed profile call: the server's words, else SPEC §7's
 * 'HTTP error! status: {code}' for a refused upload, else the fallback.
 */
function profileErrorText(error: unknown, fallback: string): string {
  if (error instanceof FileTransferError) {
    return error.serverMessage ?? (error.status ? `HTTP error! status: ${error.status}` : error.message);
  }
  return serverErrorMessage(error) || errorText(error) || fallback;
}
