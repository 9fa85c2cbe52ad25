import {
  ANIME_KDRAMA,
  ANIME_LABELS,
  ASSESSMENT_STEPS,
  EXPERIENCES,
  HIGHEST_PAID_LABEL,
  LANGUAGES,
  ONBOARDING_MESSAGES,
  ORIENTATION_LABELS,
  ORIENTATIONS,
  RELATIONSHIP_LABELS,
  RELATIONSHIP_STATUSES,
} from '@lokal/shared/constants/onboarding';
import {
  type AssessmentDraft,
  emptyAssessment,
  isAssessmentStepValid,
  toggleLanguage,
} from '@lokal/shared/domain/onboarding-steps';
import { paths } from '@lokal/shared/domain/pages';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Field } from '../../../components/ui/field.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { SwitchField } from '../../../components/ui/switch-field.tsx';
import { useAuth } from '../../../features/auth/auth-context.tsx';
import { verificationQuery } from '../../../features/discovery/api/get-verification.ts';
import { saveAssessment } from '../../../features/onboarding/api/save-assessment.ts';
import { ChoiceChips } from '../../../features/onboarding/components/choice-chips.tsx';
import { WizardShell } from '../../../features/onboarding/components/wizard-shell.tsx';
import { useSubmitOnce } from '../../../features/onboarding/hooks/use-submit-once.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { loadChunk } from '../../../lib/chunk-load.ts';
import { onDemand } from '../../../lib/on-demand.ts';
import { toast } from '../../../lib/toast.ts';

const schemas = onDemand(() => import('@lokal/shared/schemas/onboarding'));
// The third question's sliders load once the test is under way, not with its first question (decision 082).
const comfortStep = onDemand(() =>
  loadChunk(() => import('../../../features/onboarding/components/assessment-comfort-step.tsx')),
);
const AssessmentComfortStep = lazy(() => comfortStep().then((m) => ({ default: m.AssessmentComfortStep })));

const toggle = (list: string[], item: string) =>
  list.includes(item) ? list.filter((x) => x !== item) : [...list, item];

export function Component() {
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const { user, updateUser } = useAuth();
  const [step, setStep] = useState(1);
  const [d, setD] = useState<AssessmentDraft>(emptyAssessment);
  const { busy, error, setError, run } = useSubmitOnce();
  const [saved, setSaved] = useState(false);
  const set = (patch: Partial<AssessmentDraft>) => setD((x) => ({ ...x, ...patch }));
  // Fetched on the way: by the time the third question shows, its code is in.
  useEffect(() => {
    if (step >= 2) comfortStep().catch(() => undefined);
  }, [step]);

  async function complete() {
    if (!user) {
      setError(ONBOARDING_MESSAGES.assessmentNotLoggedIn);
      return;
    }
    const { assessmentSchema } = await schemas();
    const parsed = assessmentSchema.safeParse(d);
    if (!parsed.success) {
      setError(ONBOARDING_MESSAGES.assessmentFailed);
      return;
    }
    await run(
      async () => {
        await saveAssessment(parsed.data);
        setSaved(true);
        // Say what is true: live only once staff verified the guide (a failed check counts as not verified).
        const review = await queryClient.fetchQuery({ ...verificationQuery, staleTime: 0 }).catch(() => null);
        toast.success(
          review?.verified
            ? ONBOARDING_MESSAGES.assessmentComplete
            : ONBOARDING_MESSAGES.assessmentCompletePending,
        );
        updateUser({ personalityTestCompleted: true });
        void queryClient.invalidateQueries({ queryKey: ['guides'] });
        const from = (location.state as { from?: string } | null)?.from;
        navigate(from?.startsWith('/guide/') ? from : paths.guide.home, { replace: true });
      },
      (err) =>
        err instanceof ApiError && err.status === 401
          ? ONBOARDING_MESSAGES.assessmentNoAuth
          : ONBOARDING_MESSAGES.assessmentFailed,
    );
  }

  return (
    <WizardShell
      title="Personality assessment"
      steps={ASSESSMENT_STEPS}
      step={step}
      counterLabel="Question"
      canNext={isAssessmentStepValid(step, d)}
      busy={busy}
      saved={saved}
      lastLabel="Complete"
      error={error}
      onBack={() => setStep((s) => Math.max(1, s - 1))}
      onNext={() => (step === ASSESSMENT_STEPS.length ? complete() : setStep(step + 1))}
    >
      {step === 1 ? (
        <div className="space-y-6">
          <ChoiceChips
            legend="Languages you speak"
            options={LANGUAGES}
            multiple
            value={d.languages}
            onChange={(l) => setD((x) => toggleLanguage(x, l))}
          />
          {d.languages.includes('Other') ? (
            <Field
              label="Other language"
              name="customLanguage"
              value={d.customLanguage}
              onChange={(e) => set({ customLanguage: e.target.value })}
            />
          ) : null}
          <Field
            label="What do you do?"
            name="occupation"
            placeholder="Painter, student, sommelier…"
            value={d.occupation}
            onChange={(e) => set({ occupation: e.target.value })}
          />
        </div>
      ) : null}
      {step === 2 ? (
        <ChoiceChips
          legend="Experiences you would lead"
          options={EXPERIENCES.map((e) => e.title)}
          multiple
          value={d.experiences}
          onChange={(e) => set({ experiences: toggle(d.experiences, e) })}
          badge={(o) => (EXPERIENCES.find((e) => e.title === o)?.highestPaid ? HIGHEST_PAID_LABEL : null)}
        />
      ) : null}
      {step === 3 ? (
        <Suspense fallback={<Skeleton className="h-96" />}>
          <AssessmentComfortStep value={d} onChange={set} />
        </Suspense>
      ) : null}
      {step === 4 ? (
        <div className="space-y-6">
          <ChoiceChips
            legend="Do you watch anime or K-dramas?"
            options={ANIME_KDRAMA}
            labels={ANIME_LABELS}
            value={d.animeKdrama}
            onChange={(v) => set({ animeKdrama: v as AssessmentDraft['animeKdrama'] })}
          />
          <SwitchField
            label="LGBTQ+ friendly"
            checked={d.lgbtqFriendly}
            onChange={(lgbtqFriendly) => set({ lgbtqFriendly })}
          />
          <ChoiceChips
            legend="Orientation"
            options={ORIENTATIONS}
            labels={ORIENTATION_LABELS}
            value={d.orientation}
            onChange={(v) => set({ orientation: v as AssessmentDraft['orientation'] })}
          />
          {/* Step 4 with the other answers about who sees whom (docs/product.md#onboarding). */}
          <SwitchField
            label="Hide my profile"
            description="Travellers won't find you, but you can still see and contact them."
            checked={d.hideProfile}
            onChange={(hideProfile) => set({ hideProfile })}
          />
        </div>
      ) : null}
      {step === 5 ? (
        <div className="space-y-6">
          <ChoiceChips
            legend="Are you in a relationship?"
            options={RELATIONSHIP_STATUSES}
            labels={RELATIONSHIP_LABELS}
            value={d.relationshipStatus}
            onChange={(v) => set({ relationshipStatus: v as AssessmentDraft['relationshipStatus'] })}
          />
          <Field
            label="Social media handle"
            name="socialMedia"
            placeholder="@yourhandle"
            value={d.socialMedia}
            onChange={(e) => set({ socialMedia: e.target.value })}
          />
          <SwitchField
            label="Show my handle only to luxury travellers"
            checked={d.hideSocialMedia}
            onChange={(hideSocialMedia) => set({ hideSocialMedia })}
          />
        </div>
      ) : null}
    </WizardShell>
  );
}
