import { CURRENCY_SYMBOLS } from '@lokal/shared/constants/currency';
import { SETTINGS_MESSAGES } from '@lokal/shared/constants/settings';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { Field, inputClass } from '../../../components/ui/field.tsx';
import { SwitchField } from '../../../components/ui/switch-field.tsx';
import { onDemand } from '../../../lib/on-demand.ts';
import { toast } from '../../../lib/toast.ts';
import { exchangeRatesQuery } from '../api/get-exchange-rates.ts';
import { useSaveProfile } from '../hooks/use-save-profile.ts';
import type { FieldErrors, ProfileDraft } from '../profile-changes.ts';

// The checks use the shared zod schemas: loaded when the form is first used, not with the page.
const checks = onDemand(() => import('../profile-changes.ts'));

import { LanguageField } from './language-field.tsx';
import { PhotoField } from './photo-field.tsx';
import { TagField } from './tag-field.tsx';

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  userType: 'tourist' | 'guide';
  image: string;
  initial: ProfileDraft;
  /** Refresh what the screen shows; called after every save attempt, since part of one may have landed. */
  onSaved: () => unknown;
};

export function EditProfileDialog({ open, onOpenChange, ...rest }: Props) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Edit profile"
      description={
        rest.userType === 'guide'
          ? 'Travellers see this on your profile.'
          : 'Guides see this on your card when you get in touch.'
      }
    >
      {/* Mounted only while open, so every opening starts from what is saved. */}
      {open ? <EditProfileForm {...rest} onClose={() => onOpenChange(false)} /> : null}
    </Dialog>
  );
}

const FIRST_FIELD_ORDER = [
  'photo',
  'firstName',
  'lastName',
  'city',
  'currency',
  'languages',
  'bio',
  'budget',
  'interests',
  'lookingFor',
  'travelFrom',
  'travelTo',
  'partySize',
] as const;

function EditProfileForm({
  userType: role,
  image,
  initial,
  onSaved,
  onClose,
}: Omit<Props, 'open' | 'onOpenChange'> & { onClose: () => void }) {
  const [draft, setDraft] = useState<ProfileDraft>(initial);
  const [shownImage, setShownImage] = useState(image);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const rates = useQuery(exchangeRatesQuery);
  const save = useSaveProfile(role, (saved) => {
    setShownImage(saved);
    setDraft((d) => ({ ...d, photo: null }));
  });
  const set = (patch: Partial<ProfileDraft>) => setDraft((d) => ({ ...d, ...patch }));
  const t = draft.tourist;
  const setTourist = (patch: Partial<NonNullable<ProfileDraft['tourist']>>) =>
    setDraft((d) => (d.tourist ? { ...d, tourist: { ...d.tourist, ...patch } } : d));

  const currencies = Object.keys(CURRENCY_SYMBOLS)
    .filter((c) => c === draft.currency || rates.data?.rates[c])
    .sort();

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (save.isPending) return;
    const { profileChanges } = await checks();
    const { changes, errors: found, empty } = profileChanges(role, initial, draft, rates.data?.rates);
    setErrors(found);
    const first = FIRST_FIELD_ORDER.find((f) => found[f]);
    if (first) {
      setFormError('Some fields need a change before saving; see the notes in red.');
      document.getElementById(`ep-${first}`)?.focus();
      return;
    }
    setFormError(null);
    if (empty) {
      onClose();
      return;
    }
    try {
      await save.mutateAsync(changes);
      toast.success(SETTINGS_MESSAGES.profileUpdated);
      onClose();
    } catch (err) {
      const message = (err as Error).message || SETTINGS_MESSAGES.saveFailed;
      setFormError(message);
      toast.error(message);
    } finally {
      onSaved();
    }
  }

  return (
    <form
      onSubmit={submit}
      onFocus={() => void checks()}
      noValidate
      className="mt-6 space-y-5"
      aria-busy={save.isPending}
    >
      <PhotoField
        image={shownImage}
        name={`${initial.firstName} ${initial.lastName}`}
        file={draft.photo}
        onFile={(photo) => {
          set({ photo });
          setErrors((x) => ({ ...x, photo: undefined }));
        }}
        error={errors.photo}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          id="ep-firstName"
          label="First name"
          autoComplete="given-name"
          maxLength={60}
          value={draft.firstName}
          onChange={(e) => set({ firstName: e.target.value })}
          error={errors.firstName}
        />
        <Field
          id="ep-lastName"
          label="Last name"
          autoComplete="family-name"
          maxLength={60}
          value={draft.lastName}
          onChange={(e) => set({ lastName: e.target.value })}
          error={errors.lastName}
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          id="ep-city"
          label="City"
          autoComplete="address-level2"
          maxLength={80}
          placeholder="e.g. Lisbon"
          value={draft.city}
          onChange={(e) => set({ city: e.target.value })}
          error={errors.city}
        />
        <div>
          <label htmlFor="ep-currency" className="mb-1.5 block text-sm font-medium">
            Currency
          </label>
          <select
            id="ep-currency"
            value={draft.currency}
            disabled={rates.isPending}
            onChange={(e) => set({ currency: e.target.value })}
            aria-invalid={errors.currency ? true : undefined}
            aria-describedby="ep-currency-hint"
            className={inputClass}
          >
            {currencies.map((c) => (
              <option key={c} value={c}>
                {c} ({(CURRENCY_SYMBOLS[c] ?? c).trim()})
              </option>
            ))}
          </select>
          <p id="ep-currency-hint" className="mt-1.5 text-sm text-muted">
            {rates.isPending
              ? 'Loading currencies…'
              : rates.isError
                ? 'Other currencies are unavailable right now.'
                : 'Prices and budgets are shown in it.'}
          </p>
          {errors.currency ? (
            <p role="alert" className="mt-1.5 text-sm text-danger">
              {errors.currency}
            </p>
          ) : null}
        </div>
      </div>
      <LanguageField
        values={draft.languages}
        onChange={(languages) => set({ languages })}
        error={errors.languages}
      />
      <div>
        <label htmlFor="ep-bio" className="mb-1.5 block text-sm font-medium">
          Bio
        </label>
        <textarea
          id="ep-bio"
          rows={4}
          maxLength={1000}
          value={draft.bio}
          onChange={(e) => set({ bio: e.target.value })}
          aria-invalid={errors.bio ? true : undefined}
          aria-describedby="ep-bio-count"
          className={`${inputClass} h-auto py-3`}
        />
        <p id="ep-bio-count" className="mt-1 text-right text-xs text-muted tabular-nums">
          {draft.bio.length} / 1000
        </p>
        {errors.bio ? (
          <p role="alert" className="text-sm text-danger">
            {errors.bio}
          </p>
        ) : null}
      </div>

      {t ? (
        <>
          <fieldset>
            <legend className="mb-1.5 text-sm font-medium">Budget per experience ({t.budgetCurrency})</legend>
            <div className="grid grid-cols-2 gap-3">
              <Field
                id="ep-budget"
                label="From"
                type="number"
                inputMode="numeric"
                min={0}
                max={100000}
                step={10}
                value={t.budgetMin}
                aria-invalid={errors.budget ? true : undefined}
                aria-describedby={errors.budget ? 'ep-budget-error' : undefined}
                onChange={(e) => setTourist({ budgetMin: e.target.value })}
              />
              <Field
                id="ep-budget-max"
                label="To"
                type="number"
                inputMode="numeric"
                min={0}
                max={100000}
                step={10}
                value={t.budgetMax}
                aria-invalid={errors.budget ? true : undefined}
                aria-describedby={errors.budget ? 'ep-budget-error' : undefined}
                onChange={(e) => setTourist({ budgetMax: e.target.value })}
              />
            </div>
            {errors.budget ? (
              <p id="ep-budget-error" role="alert" className="mt-1.5 text-sm text-danger">
                {errors.budget}
              </p>
            ) : null}
          </fieldset>
          <TagField
            id="ep-interests"
            label="Interests"
            values={t.interests}
            onChange={(interests) => setTourist({ interests })}
            placeholder="e.g. Jazz"
            error={errors.interests}
          />
          <TagField
            id="ep-lookingFor"
            label="Looking for"
            values={t.lookingFor}
            onChange={(lookingFor) => setTourist({ lookingFor })}
            placeholder="e.g. Hidden bars"
            error={errors.lookingFor}
          />
          <fieldset>
            <legend className="mb-1.5 text-sm font-medium">Your trip</legend>
            <div className="grid gap-4 sm:grid-cols-3">
              <Field
                id="ep-travelFrom"
                label="From"
                type="date"
                value={t.travelFrom}
                error={errors.travelFrom}
                onChange={(e) => setTourist({ travelFrom: e.target.value })}
              />
              <Field
                id="ep-travelTo"
                label="To"
                type="date"
                min={t.travelFrom || undefined}
                value={t.travelTo}
                error={errors.travelTo}
                onChange={(e) => setTourist({ travelTo: e.target.value })}
              />
              <Field
                id="ep-partySize"
                label="How many of you"
                type="number"
                inputMode="numeric"
                min={1}
                max={20}
                value={t.partySize}
                error={errors.partySize}
                onChange={(e) => setTourist({ partySize: e.target.value })}
              />
            </div>
          </fieldset>
          <fieldset className="space-y-2">
            <legend className="mb-1.5 text-sm font-medium">Open to</legend>
            <SwitchField
              label="New guides"
              description="Guides who are just starting on Lokal."
              checked={t.availability.newGuides}
              onChange={(newGuides) => setTourist({ availability: { ...t.availability, newGuides } })}
            />
            <SwitchField
              label="Experienced guides"
              description="Guides with reviews and completed tours."
              checked={t.availability.experiencedGuides}
              onChange={(experiencedGuides) =>
                setTourist({ availability: { ...t.availability, experiencedGuides } })
              }
            />
          </fieldset>
        </>
      ) : null}

      <div className="sticky -bottom-6 -mx-6 -mb-6 border-t border-line bg-ivory px-6 py-4 sm:-bottom-8 sm:-mx-8 sm:-mb-8 sm:px-8">
        {formError ? (
          <p role="alert" className="mb-3 text-sm text-danger">
            {formError}
          </p>
        ) : null}
        <div className="flex justify-end gap-2">
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Saving…' : 'Save changes'}
          </Button>
        </div>
      </div>
    </form>
  );
}
