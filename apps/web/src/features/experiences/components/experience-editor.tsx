import { CURRENCY_SYMBOLS } from '@lokal/shared/constants/currency';
import {
  BOOKING_MODES,
  EXPERIENCE_CATEGORIES,
  EXPERIENCE_MESSAGES,
  EXPERIENCE_LIMITS as L,
  PRICE_CURRENCIES,
} from '@lokal/shared/constants/experiences';
import { LANGUAGES } from '@lokal/shared/constants/onboarding';
import { CANCELLATION_POLICIES, policyInWords, policyLabel } from '@lokal/shared/domain/cancellation';
import { experienceEditorPath, paths } from '@lokal/shared/domain/pages';
import type { Experience } from '@lokal/shared/schemas/experiences';
import { ArrowLeft, Camera, Check, Pause, Send } from 'lucide-react';
import { type FormEvent, type ReactNode, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button, buttonClass } from '../../../components/ui/button.tsx';
import { Field, inputClass } from '../../../components/ui/field.tsx';
import { RadioCard } from '../../../components/ui/radio-card.tsx';
import { toast } from '../../../lib/toast.ts';
import { useCreateExperience } from '../api/create-experience.ts';
import { useUpdateExperience } from '../api/update-experience.ts';
import { draftToInput, type ExperienceDraft } from '../experience-draft.ts';
import { DURATION_OPTIONS, formatDuration } from '../format.ts';
import { useFormChecks } from '../hooks/use-form-checks.ts';
import { useStatusChange } from '../hooks/use-status-change.ts';
import { DeleteExperience } from './delete-experience.tsx';
import { ExperiencePreview } from './experience-preview.tsx';
import { ListField } from './list-field.tsx';
import { PhotoManager } from './photo-manager.tsx';
import { StatusBadge } from './status-badge.tsx';

// The shared schemas come with zod: loaded when the form is first used, not with the page.

const CURRENCIES = [...PRICE_CURRENCIES].sort();
const BOOKING_MODE_TEXT: Record<(typeof BOOKING_MODES)[number], { label: string; words: string }> = {
  request: { label: 'On request', words: 'Travellers ask; you accept or decline within 24 hours.' },
  instant: { label: 'Instant', words: 'Travellers book a free time straight away.' },
};

function ErrorText({ id, error }: { id: string; error?: string }) {
  return error ? (
    <p id={`${id}-error`} role="alert" className="mt-1.5 text-sm text-danger">
      {error}
    </p>
  ) : null;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = `xp-section-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <section aria-labelledby={id} className="space-y-5 rounded-card border border-line bg-white p-5">
      <h2 id={id} className="text-xl">
        {title}
      </h2>
      {children}
    </section>
  );
}

/**
 * The server's answer to Publish: what is missing, with a way to the profile editor when the profile photo is
 * (it is uploaded there, not here). The weekly hours have their link in the header above.
 */
function PublishGaps({ message }: { message: string }) {
  return (
    <div
      role="alert"
      data-testid="publish-gaps"
      className="mt-3 flex basis-full flex-wrap items-center gap-3 rounded-card border border-danger/30 bg-white px-4 py-3"
    >
      <p className="min-w-0 flex-1 basis-64 text-sm text-danger">{message}</p>
      {message.includes(EXPERIENCE_MESSAGES.needsProfilePhoto) ? (
        <Link to={`${paths.guide.settings}#photo`} className={buttonClass('outline', 'sm', 'shrink-0')}>
          <Camera className="h-4 w-4" aria-hidden /> Add a profile photo
        </Link>
      ) : null}
    </div>
  );
}

type Props = {
  /** The saved experience; none while it is new. */
  experience: Experience | null;
  initial: ExperienceDraft;
};

/**
 * The experience editor (docs/product.md#experiences): the form on the shared schema, a live preview of what
 * travellers see, the photos once the experience exists, and publish or pause.
 */
export function ExperienceEditor({ experience, initial }: Props) {
  const navigate = useNavigate();
  const create = useCreateExperience();
  const update = useUpdateExperience(experience?.id ?? '');
  // What the server said publishing still needs, shown under the header until the next try or save.
  const [publishGaps, setPublishGaps] = useState<string | null>(null);
  const status = useStatusChange({ onRefused: setPublishGaps });
  const [draft, setDraft] = useState(initial);
  const [saved, setSaved] = useState(initial);
  const [formError, setFormError] = useState<string | null>(null);
  // The first field with a note, in the order the form shows them (the languages' first chip stands for them).
  const { errors, formRef, validate, preload } = useFormChecks(
    draft,
    (c, d) => c.checkExperience(draftToInput(d)),
    '[aria-invalid="true"], [data-invalid]',
  );
  const saving = create.isPending || update.isPending;
  const dirty = JSON.stringify(draft) !== JSON.stringify(saved);

  const set = (patch: Partial<ExperienceDraft>) => setDraft((d) => ({ ...d, ...patch }));
  const err = (key: string) => errors[key];

  /** Checks and saves; the new experience's editor opens after its first save. Answers whether it saved. */
  async function save(): Promise<boolean> {
    if (saving) return false;
    const data = await validate();
    if (!data) {
      setFormError('Some fields need a change before saving; see the notes in red.');
      return false;
    }
    setFormError(null);
    setPublishGaps(null);
    try {
      if (experience) {
        await update.mutateAsync(data);
        setSaved(draft);
        toast.success('Changes saved');
      } else {
        const created = await create.mutateAsync(data);
        toast.success('Draft saved. Add photos, then publish when you are ready.');
        navigate(experienceEditorPath(created.id), { replace: true });
      }
      return true;
    } catch (e) {
      const message = (e as Error).message;
      setFormError(message);
      toast.error(message);
      return false;
    }
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    await save();
  }

  /** Publishing checks what is saved, so unsaved changes are saved first. */
  async function changeStatus(next: 'published' | 'paused') {
    if (!experience) return;
    if (dirty && !(await save())) return;
    status.change(experience.id, next);
  }

  const live = experience?.status === 'published';
  const statusBusy = status.pendingId !== undefined;
  return (
    <div className="pb-28 lg:pb-12">
      <header className="mx-auto flex max-w-6xl flex-wrap items-center gap-2 px-5 pt-5">
        <Link
          to={paths.guide.experiences}
          className={buttonClass('ghost', 'icon', '-ml-2')}
          aria-label="Back to my experiences"
        >
          <ArrowLeft className="h-5 w-5" aria-hidden />
        </Link>
        <h1 className="min-w-0 text-3xl break-words">{experience ? 'Edit experience' : 'New experience'}</h1>
        {experience ? <StatusBadge status={experience.status} /> : null}
        {experience ? (
          <div className="ml-auto">
            {live ? (
              <Button
                variant="outline"
                disabled={statusBusy || saving}
                onClick={() => changeStatus('paused')}
              >
                <Pause className="h-4 w-4" aria-hidden /> Pause
              </Button>
            ) : (
              <Button
                variant="gold"
                disabled={statusBusy || saving}
                onClick={() => changeStatus('published')}
              >
                <Send className="h-4 w-4" aria-hidden /> Publish
              </Button>
            )}
          </div>
        ) : null}
        <p className="basis-full text-sm text-muted">
          {experience
            ? live
              ? 'Travellers can find and book this experience.'
              : 'Publishing needs a title, a price, a duration, a meeting point, 3 photos, a profile photo of your own and at least one weekly time range.'
            : 'Save a draft first; photos and publishing come after.'}{' '}
          <Link to={paths.guide.availability} className="underline underline-offset-2 hover:text-ink">
            Set your weekly hours
          </Link>
          <button
            type="button"
            onClick={() => {
              const preview = document.getElementById('xp-preview-title');
              preview?.scrollIntoView({ behavior: 'smooth' });
              preview?.focus({ preventScroll: true });
            }}
            className="ml-3 underline underline-offset-2 hover:text-ink lg:hidden"
          >
            See the preview
          </button>
        </p>
        {publishGaps ? <PublishGaps message={publishGaps} /> : null}
      </header>
      <main className="mx-auto grid max-w-6xl gap-6 px-5 pt-5 lg:grid-cols-[minmax(0,1fr)_380px]">
        <div className="min-w-0 space-y-6">
          {experience ? <PhotoManager experienceId={experience.id} photos={experience.photos} /> : null}

          <form
            ref={formRef}
            onSubmit={submit}
            onFocus={preload}
            noValidate
            aria-busy={saving}
            className="space-y-6"
            aria-label="Experience details"
          >
            <Section title="The basics">
              <Field
                id="xp-title"
                label="Title"
                maxLength={L.titleMax}
                value={draft.title}
                onChange={(e) => set({ title: e.target.value })}
                placeholder="e.g. Tapas and vermouth in Gràcia"
                error={err('title')}
              />
              <div>
                <label htmlFor="xp-category" className="mb-1.5 block text-sm font-medium">
                  Category
                </label>
                <select
                  id="xp-category"
                  value={draft.category}
                  onChange={(e) => set({ category: e.target.value })}
                  aria-invalid={err('category') ? true : undefined}
                  aria-describedby={err('category') ? 'xp-category-error' : undefined}
                  className={inputClass}
                >
                  <option value="">Choose a category</option>
                  {EXPERIENCE_CATEGORIES.map((c) => (
                    <option key={c} value={c}>
                      {c}
                    </option>
                  ))}
                </select>
                <ErrorText id="xp-category" error={err('category')} />
              </div>
              <div>
                <label htmlFor="xp-summary" className="mb-1.5 block text-sm font-medium">
                  Summary
                </label>
                <input
                  id="xp-summary"
                  value={draft.summary}
                  maxLength={L.summaryMax}
                  onChange={(e) => set({ summary: e.target.value })}
                  placeholder="One line travellers read on the card"
                  aria-invalid={err('summary') ? true : undefined}
                  aria-describedby={`xp-summary-count${err('summary') ? ' xp-summary-error' : ''}`}
                  className={inputClass}
                />
                <p id="xp-summary-count" className="mt-1 text-right text-xs text-muted tabular-nums">
                  {draft.summary.length} / {L.summaryMax}
                  <span className="sr-only"> characters</span>
                </p>
                <ErrorText id="xp-summary" error={err('summary')} />
              </div>
              <div>
                <label htmlFor="xp-description" className="mb-1.5 block text-sm font-medium">
                  Description
                </label>
                <textarea
                  id="xp-description"
                  rows={6}
                  maxLength={L.descriptionMax}
                  value={draft.description}
                  onChange={(e) => set({ description: e.target.value })}
                  aria-invalid={err('description') ? true : undefined}
                  aria-describedby={`xp-description-hint${err('description') ? ' xp-description-error' : ''}`}
                  className={`${inputClass} h-auto py-3`}
                />
                <p id="xp-description-hint" className="mt-1 text-sm text-muted">
                  What you will do together. Leave an empty line between paragraphs.
                </p>
                <ErrorText id="xp-description" error={err('description')} />
              </div>
              <div>
                <label htmlFor="xp-durationMinutes" className="mb-1.5 block text-sm font-medium">
                  Duration
                </label>
                <select
                  id="xp-durationMinutes"
                  value={draft.durationMinutes}
                  onChange={(e) => set({ durationMinutes: Number(e.target.value) })}
                  aria-invalid={err('durationMinutes') ? true : undefined}
                  aria-describedby={err('durationMinutes') ? 'xp-durationMinutes-error' : undefined}
                  className={`${inputClass} sm:max-w-60`}
                >
                  {DURATION_OPTIONS.map((m) => (
                    <option key={m} value={m}>
                      {formatDuration(m)}
                    </option>
                  ))}
                </select>
                <ErrorText id="xp-durationMinutes" error={err('durationMinutes')} />
              </div>
            </Section>

            <Section title="Price and group">
              <fieldset>
                <legend className="mb-1.5 text-sm font-medium">Price is</legend>
                <div className="grid gap-2 sm:grid-cols-2">
                  <RadioCard
                    name="priceMode"
                    value="person"
                    checked={draft.priceMode === 'person'}
                    onSelect={() => set({ priceMode: 'person' })}
                  >
                    Per person
                  </RadioCard>
                  <RadioCard
                    name="priceMode"
                    value="group"
                    checked={draft.priceMode === 'group'}
                    onSelect={() => set({ priceMode: 'group' })}
                  >
                    Per group
                  </RadioCard>
                </div>
              </fieldset>
              <div className="grid grid-cols-[minmax(0,1fr)_minmax(0,1fr)] gap-4">
                <Field
                  id="xp-price"
                  label={draft.priceMode === 'person' ? 'Price per person' : 'Price per group'}
                  type="number"
                  inputMode="numeric"
                  min={0}
                  max={L.priceMax}
                  step={1}
                  value={draft.price}
                  onChange={(e) => set({ price: e.target.value })}
                  error={err('price')}
                />
                <div>
                  <label htmlFor="xp-currency" className="mb-1.5 block text-sm font-medium">
                    Currency
                  </label>
                  <select
                    id="xp-currency"
                    value={draft.currency}
                    onChange={(e) => set({ currency: e.target.value })}
                    aria-invalid={err('currency') ? true : undefined}
                    aria-describedby={err('currency') ? 'xp-currency-error' : undefined}
                    className={inputClass}
                  >
                    {CURRENCIES.map((c) => (
                      <option key={c} value={c}>
                        {c} ({(CURRENCY_SYMBOLS[c] ?? c).trim()})
                      </option>
                    ))}
                  </select>
                  <ErrorText id="xp-currency" error={err('currency')} />
                </div>
              </div>
              <div className="grid grid-cols-2 gap-4">
                <Field
                  id="xp-minGroup"
                  label="Smallest group"
                  type="number"
                  inputMode="numeric"
                  min={1}
                  max={L.groupMax}
                  value={draft.minGroup}
                  onChange={(e) => set({ minGroup: e.target.value })}
                  error={err('minGroup')}
                />
                <Field
                  id="xp-maxGroup"
                  label="Largest group"
                  type="number"
                  inputMode="numeric"
                  min={1}
                  max={L.groupMax}
                  value={draft.maxGroup}
                  onChange={(e) => set({ maxGroup: e.target.value })}
                  error={err('maxGroup')}
                />
              </div>
            </Section>

            <Section title="Languages and where you meet">
              <fieldset aria-describedby={err('languages') ? 'xp-languages-error' : undefined}>
                <legend className="mb-1.5 text-sm font-medium">Languages you guide in</legend>
                <div className="flex flex-wrap gap-1.5">
                  {LANGUAGES.map((lang) => {
                    const on = draft.languages.includes(lang);
                    return (
                      <button
                        key={lang}
                        type="button"
                        aria-pressed={on}
                        data-invalid={err('languages') && lang === LANGUAGES[0] ? true : undefined}
                        onClick={() =>
                          set({
                            languages: on
                              ? draft.languages.filter((l) => l !== lang)
                              : LANGUAGES.filter((l) => l === lang || draft.languages.includes(l)),
                          })
                        }
                        className={`inline-flex h-9 items-center gap-1 rounded-full border px-3 text-sm transition-colors ${on ? 'border-ink bg-ink text-ivory' : 'border-line bg-white hover:border-ink/40'}`}
                      >
                        {on ? <Check className="h-3.5 w-3.5" aria-hidden /> : null}
                        {lang}
                      </button>
                    );
                  })}
                </div>
                <ErrorText id="xp-languages" error={err('languages')} />
              </fieldset>
              <Field
                id="xp-meetingPoint-address"
                label="Meeting point"
                maxLength={L.addressMax}
                autoComplete="street-address"
                value={draft.address}
                onChange={(e) => set({ address: e.target.value })}
                placeholder="e.g. Plaça del Sol, by the fountain"
                hint="Where travellers find you. They see it once they have booked."
                error={err('meetingPoint.address')}
              />
              <fieldset>
                <legend className="mb-1.5 text-sm font-medium">Map position (optional)</legend>
                <div className="grid grid-cols-2 gap-4">
                  <Field
                    id="xp-meetingPoint-lat"
                    label="Latitude"
                    type="number"
                    inputMode="decimal"
                    step="any"
                    min={-90}
                    max={90}
                    value={draft.lat}
                    onChange={(e) => set({ lat: e.target.value })}
                    placeholder="41.4036"
                    error={err('meetingPoint.lat')}
                  />
                  <Field
                    id="xp-meetingPoint-lng"
                    label="Longitude"
                    type="number"
                    inputMode="decimal"
                    step="any"
                    min={-180}
                    max={180}
                    value={draft.lng}
                    onChange={(e) => set({ lng: e.target.value })}
                    placeholder="2.1744"
                    error={err('meetingPoint.lng')}
                  />
                </div>
              </fieldset>
            </Section>

            <Section title="What is included">
              <ListField
                name="included"
                label="Included"
                hint="One thing per line: tastings, tickets, a drink."
                placeholder="e.g. Three tapas and a vermouth"
                values={draft.included}
                onChange={(included) => set({ included })}
                errors={errors}
              />
              <ListField
                name="notIncluded"
                label="Not included"
                hint="What travellers pay for themselves."
                placeholder="e.g. Transport to the meeting point"
                values={draft.notIncluded}
                onChange={(notIncluded) => set({ notIncluded })}
                errors={errors}
              />
            </Section>

            <Section title="Booking and cancellation">
              <fieldset>
                <legend className="mb-1.5 text-sm font-medium">Cancellation policy</legend>
                <div className="grid gap-2">
                  {CANCELLATION_POLICIES.map((p) => (
                    <RadioCard
                      key={p}
                      name="cancellationPolicy"
                      value={p}
                      checked={draft.cancellationPolicy === p}
                      onSelect={() => set({ cancellationPolicy: p })}
                    >
                      <span>
                        <span className="block font-medium">{policyLabel(p)}</span>
                        <span className="block text-muted">{policyInWords(p)}</span>
                      </span>
                    </RadioCard>
                  ))}
                </div>
              </fieldset>
              <fieldset aria-describedby="xp-bookingMode-note">
                <legend className="mb-1.5 text-sm font-medium">How travellers book</legend>
                <div className="grid gap-2 sm:grid-cols-2">
                  {BOOKING_MODES.map((m) => (
                    <RadioCard
                      key={m}
                      name="bookingMode"
                      value={m}
                      checked={draft.bookingMode === m}
                      onSelect={() => set({ bookingMode: m })}
                    >
                      <span>
                        <span className="block font-medium">{BOOKING_MODE_TEXT[m].label}</span>
                        <span className="block text-muted">{BOOKING_MODE_TEXT[m].words}</span>
                      </span>
                    </RadioCard>
                  ))}
                </div>
                <p id="xp-bookingMode-note" className="mt-2 text-sm text-muted">
                  Instant booking applies to verified travellers only; others send a request.
                </p>
              </fieldset>
            </Section>

            <div
              data-action-bar="sticky"
              className="sticky bottom-0 z-10 -mx-5 border-t border-line bg-ivory/95 px-5 py-3 backdrop-blur lg:mx-0 lg:rounded-card lg:border"
            >
              {formError ? (
                <p role="alert" className="mb-2 text-sm text-danger">
                  {formError}
                </p>
              ) : null}
              <div className="flex items-center justify-end gap-3">
                <p className="mr-auto text-sm text-muted" aria-live="polite">
                  {experience ? (dirty ? 'Unsaved changes' : 'All changes saved') : 'Not saved yet'}
                </p>
                <Button type="submit" disabled={saving}>
                  {saving ? 'Saving…' : experience ? 'Save changes' : 'Save draft'}
                </Button>
              </div>
            </div>
          </form>
          {experience ? (
            <div className="flex justify-end">
              <DeleteExperience id={experience.id} title={experience.title} />
            </div>
          ) : null}
        </div>

        <aside aria-labelledby="xp-preview-title" className="min-w-0 lg:sticky lg:top-5 lg:self-start">
          <h2 id="xp-preview-title" tabIndex={-1} className="mb-3 text-xl">
            Preview
          </h2>
          <ExperiencePreview draft={draft} photo={experience?.photos[0]?.url ?? null} />
        </aside>
      </main>
    </div>
  );
}
