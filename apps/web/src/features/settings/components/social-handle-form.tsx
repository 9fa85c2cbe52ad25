import { SETTINGS_MESSAGES } from '@lokal/shared/constants/settings';
import type { GuideSettings } from '@lokal/shared/schemas/settings';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { SwitchField } from '../../../components/ui/switch-field.tsx';
import { onDemand } from '../../../lib/on-demand.ts';
import { toast } from '../../../lib/toast.ts';
import { useUpdateSettings } from '../api/update-settings.ts';

const schemas = onDemand(() => import('@lokal/shared/schemas/settings'));

/** The guide's handle with its own Save and who may see it (hidden = VIP only, docs/product.md#tourist-profiles). */
export function SocialHandleForm({ settings }: { settings: GuideSettings }) {
  const [handle, setHandle] = useState(settings.socialMedia ?? '');
  const [error, setError] = useState<string | null>(null);
  const save = useUpdateSettings({ optimistic: false });
  const hide = useUpdateSettings({ optimistic: true });
  // Any edit enables Save, even to blanks: the user then hears why a blank handle is refused.
  const changed = handle !== (settings.socialMedia ?? '');

  async function submit(e: FormEvent) {
    e.preventDefault();
    const { socialMediaSchema } = await schemas();
    const parsed = socialMediaSchema.safeParse(handle);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? SETTINGS_MESSAGES.saveFailed);
      return;
    }
    setError(null);
    save.mutate(
      { socialMedia: parsed.data },
      {
        onSuccess: (saved) => {
          setHandle(saved.role === 'guide' ? (saved.socialMedia ?? '') : parsed.data);
          toast.success(SETTINGS_MESSAGES.handleUpdated);
        },
        onError: (err) => setError(err.message || SETTINGS_MESSAGES.saveFailed),
      },
    );
  }

  return (
    <div className="space-y-4">
      <form onSubmit={submit} noValidate className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <Field
          id="social-media-handle"
          label="Social media handle"
          name="socialMedia"
          className="flex-1"
          placeholder="@yourname"
          autoComplete="off"
          maxLength={60}
          value={handle}
          error={error}
          hint="Shown on your profile so travellers can get a feel for you."
          onChange={(e) => {
            setHandle(e.target.value);
            setError(null);
          }}
        />
        <Button type="submit" className="sm:mt-7" disabled={save.isPending || !changed}>
          {save.isPending ? 'Saving…' : 'Save'}
        </Button>
      </form>
      <SwitchField
        label="Show only to Luxury VIP travellers"
        description="Other travellers see your profile without the handle."
        checked={settings.hideSocialMedia}
        onChange={(checked) => hide.mutate({ hideSocialMedia: checked })}
      />
    </div>
  );
}
