import type { GuideProfileUpdate, TouristProfileUpdate } from '@lokal/shared/schemas/discovery';
import { useMutation } from '@tanstack/react-query';
import { updateCity } from '../api/update-city.ts';
import { updateCurrency } from '../api/update-currency.ts';
import { updateGuideProfile } from '../api/update-guide-profile.ts';
import { updateSettings } from '../api/update-settings.ts';
import { updateTouristProfile } from '../api/update-tourist-profile.ts';
import { uploadPhoto } from '../api/upload-photo.ts';
import type { ProfileChanges } from '../profile-changes.ts';

/**
 * Sends one Edit profile save to the endpoints that own each part, photo first (the slowest and the
 * likeliest to be refused). A failure stops the rest; what was saved before it stays saved, and
 * `onPhotoSaved` lets the form drop the file so a retry does not upload it twice.
 */
export function useSaveProfile(role: 'tourist' | 'guide', onPhotoSaved: (image: string) => void) {
  return useMutation({
    mutationFn: async (changes: ProfileChanges) => {
      if (changes.photo) onPhotoSaved((await uploadPhoto(changes.photo)).image);
      if (changes.name) await updateSettings(changes.name);
      if (changes.profile) {
        await (role === 'guide'
          ? updateGuideProfile(changes.profile as GuideProfileUpdate)
          : updateTouristProfile(changes.profile as TouristProfileUpdate));
      }
      if (changes.city) await updateCity(changes.city);
      if (changes.currency) await updateCurrency(changes.currency.currency);
    },
  });
}
