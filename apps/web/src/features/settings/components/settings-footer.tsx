import type { ReactNode } from 'react';
import { PreferenceToggles } from './preference-toggles.tsx';
import { SettingsSection } from './settings-section.tsx';
import { SupportLink } from './support-link.tsx';
import { VersionLabel } from './version-label.tsx';

/**
 * The end of both settings screens (docs/product.md#settings): preferences, support, sign-out and the version.
 * The screen brings the sign-out button from the auth feature.
 */
export function SettingsFooter({ signOut }: { signOut: ReactNode }) {
  return (
    <>
      <SettingsSection
        id="preferences"
        title="Preferences"
        description="Saved to your account on every device."
      >
        <PreferenceToggles />
      </SettingsSection>

      <SettingsSection id="support" title="Support">
        <SupportLink />
      </SettingsSection>

      {signOut}
      <VersionLabel />
    </>
  );
}
