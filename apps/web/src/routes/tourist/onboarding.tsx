import { OCCUPATIONS, ONBOARDING_MESSAGES, TOURIST_STEPS } from '@lokal/shared/constants/onboarding';
import { isTouristStepValid, type TouristDraft } from '@lokal/shared/domain/onboarding-steps';
import { paths } from '@lokal/shared/domain/pages';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Field } from '../../components/ui/field.tsx';
import { useAuth } from '../../features/auth/auth-context.tsx';
import { userProfileQuery } from '../../features/discovery/api/get-user-profile.ts';
import { completeTouristOnboarding } from '../../features/onboarding/api/complete-tourist-onboarding.ts';
import { ChoiceChips } from '../../features/onboarding/components/choice-chips.tsx';
import { NameFields } from '../../features/onboarding/components/name-fields.tsx';
import { PhoneVerification } from '../../features/onboarding/components/phone-verification.tsx';
import {
  emptyTrip,
  type TripDraft,
  TripFields,
  tripBody,
} from '../../features/onboarding/components/trip-fields.tsx';
import { WizardShell } from '../../features/onboarding/components/wizard-shell.tsx';
import { useSubmitOnce } from '../../features/onboarding/hooks/use-submit-once.ts';
import { chosenTour } from '../../lib/chosen-tour.ts';
import { onDemand } from '../../lib/on-demand.ts';

const schemas = onDemand(() => import('@lokal/shared/schemas/onboarding'));

export function Component() {
  const navigate = useNavigate();
  const { updateUser } = useAuth();
  const [step, setStep] = useState(1);
  const [draft, setDraft] = useState<TouristDraft>({
    firstName: '',
    lastName: '',
    phone: '',
    phoneVerified: false,
    occupation: '',
  });
  // The trip step (what the match reads) may be skipped as a whole (docs/product.md#match-score).
  // A tour type chosen on the landing is an interest already told.
  const [trip, setTrip] = useState<TripDraft>(() => {
    const tour = chosenTour.get();
    return { ...emptyTrip(), interests: tour ? [tour] : [] };
  });
  const { busy, error, setError, run } = useSubmitOnce();
  const [saved, setSaved] = useState(false);
  // The city detected from the connection: a phone number without its country code is read as one of there.
  const detectedCity = useQuery(userProfileQuery).data?.city;
  const set = (patch: Partial<TouristDraft>) => setDraft((d) => ({ ...d, ...patch }));

  async function submit(withTrip: boolean) {
    const { touristOnboardingSchema } = await schemas();
    const parsed = touristOnboardingSchema.safeParse(withTrip ? { ...draft, trip: tripBody(trip) } : draft);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? ONBOARDING_MESSAGES.onboardingFailed);
      return;
    }
    await run(
      async () => {
        await completeTouristOnboarding(parsed.data);
        setSaved(true);
        updateUser({
          onboardingCompleted: true,
          displayName: `${parsed.data.firstName} ${parsed.data.lastName}`,
        });
        navigate(paths.tourist.home, { replace: true });
      },
      (err) => (err as Error).message || ONBOARDING_MESSAGES.onboardingFailed,
    );
  }

  return (
    <WizardShell
      title="Traveller profile"
      steps={TOURIST_STEPS}
      step={step}
      canNext={isTouristStepValid(step, draft)}
      busy={busy}
      saved={saved}
      lastLabel="Complete"
      error={error}
      onBack={() => setStep((s) => Math.max(1, s - 1))}
      onNext={() => (step === TOURIST_STEPS.length ? submit(true) : setStep(step + 1))}
      onSkip={step === TOURIST_STEPS.length ? () => submit(false) : undefined}
    >
      {step === 1 ? (
        <NameFields firstName={draft.firstName} lastName={draft.lastName} onChange={set} />
      ) : null}
      {step === 2 ? (
        <PhoneVerification
          phone={draft.phone}
          verified={draft.phoneVerified}
          city={detectedCity}
          onChange={(phone, phoneVerified) => set({ phone, phoneVerified })}
          onAlreadyVerified={() => setStep(3)}
        />
      ) : null}
      {step === 3 ? (
        <div className="space-y-5">
          <ChoiceChips
            legend="Pick your occupation"
            options={OCCUPATIONS}
            value={draft.occupation}
            onChange={(o) => set({ occupation: o })}
          />
          <Field
            label="Or type it"
            name="occupation"
            value={draft.occupation}
            onChange={(e) => set({ occupation: e.target.value })}
          />
        </div>
      ) : null}
      {step === 4 ? <TripFields trip={trip} onChange={(t) => setTrip((x) => ({ ...x, ...t }))} /> : null}
    </WizardShell>
  );
}
