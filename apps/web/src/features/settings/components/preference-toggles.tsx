import type { Settings } from '@lokal/shared/schemas/settings';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { SwitchField } from '../../../components/ui/switch-field.tsx';
import { useSettings } from '../api/get-settings.ts';
import { useUpdateSettings } from '../api/update-settings.ts';
import { SectionError } from './settings-section.tsx';

type Toggle = {
  key: 'notifyBookings' | 'notifyEmail' | 'autoAcceptBookings';
  label: string;
  description: string;
};

const BOOKINGS: Toggle = {
  key: 'notifyBookings',
  label: 'Booking notifications',
  description: 'Requests, confirmations and changes to your bookings.',
};

const EMAIL: Toggle = {
  key: 'notifyEmail',
  label: 'Email updates',
  description: 'Booking news and messages you missed, sent to your sign-in address.',
};

const AUTO_ACCEPT: Toggle = {
  key: 'autoAcceptBookings',
  label: 'Auto-accept bookings',
  description: 'Confirm requests from verified tourists without asking you first.',
};

/** The preferences (docs/product.md#settings), saved at once (optimistic, rolled back with a toast on failure). */
export function PreferenceToggles() {
  const settings = useSettings();
  const update = useUpdateSettings({ optimistic: true });
  if (settings.isPending) {
    return (
      <div className="space-y-3" aria-busy="true">
        <Skeleton className="h-20" />
        <Skeleton className="h-20" />
      </div>
    );
  }
  if (settings.isError) {
    return <SectionError message={settings.error.message} onRetry={() => settings.refetch()} />;
  }
  const s: Settings = settings.data;
  const toggles = [
    { ...BOOKINGS, checked: s.notifyBookings },
    { ...EMAIL, checked: s.notifyEmail },
    ...(s.role === 'guide' ? [{ ...AUTO_ACCEPT, checked: s.autoAcceptBookings }] : []),
  ];
  return (
    <div className="space-y-3">
      {toggles.map((t) => (
        <SwitchField
          key={t.key}
          label={t.label}
          description={t.description}
          checked={t.checked}
          onChange={(checked) => update.mutate({ [t.key]: checked })}
        />
      ))}
    </div>
  );
}
