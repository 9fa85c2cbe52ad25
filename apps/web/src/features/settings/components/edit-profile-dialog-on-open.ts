import { loadOnOpen } from '../../../components/ui/dialog.tsx';

/**
 * The profile editor's code (its fields, photo upload, saving) loads when "Edit profile" is first pressed, not
 * with the settings screen: the screen stays within its JavaScript budget (decision 082). The dialog's own
 * frame loads alongside, not after it.
 */
export const EditProfileDialog = loadOnOpen(() =>
  Promise.all([import('./edit-profile-dialog.tsx'), import('../../../components/ui/dialog-frame.tsx')]).then(
    ([m]) => m.EditProfileDialog,
  ),
);
