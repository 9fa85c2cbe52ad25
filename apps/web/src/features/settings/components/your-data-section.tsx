import type { ReactNode } from 'react';
import { DownloadDataButton } from './download-data-button.tsx';
import { SettingsSection } from './settings-section.tsx';

/**
 * "Your data" on both settings screens (docs/product.md#your-data): the download, and the delete button the
 * screen brings from the auth feature.
 */
export function YourDataSection({ deleteAccount }: { deleteAccount: ReactNode }) {
  return (
    <SettingsSection
      id="your-data"
      title="Your data"
      description="Download everything Lokal keeps about you, or delete your account."
    >
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
        <DownloadDataButton />
        {deleteAccount}
      </div>
    </SettingsSection>
  );
}
