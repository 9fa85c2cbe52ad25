import { DEFAULT_CITY } from '@lokal/shared/constants/discovery';
import {
  GENDER_LABELS,
  GENDERS,
  GUIDE_ONBOARDING_REDIRECT_MS,
  GUIDE_STEPS,
  ONBOARDING_MESSAGES,
} from '@lokal/shared/constants/onboarding';
import { type GuideDraft, isGuideStepValid } from '@lokal/shared/domain/onboarding-steps';
import { paths } from '@lokal/shared/domain/pages';
import { useQuery } from '@tanstack/react-query';
import { BadgeCheck, ClipboardCheck, Phone, ShieldCheck, UserRound } from 'lucide-react';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Field } from '../../components/ui/field.tsx';
import { useAuth } from '../../features/auth/auth-context.tsx';
import { userProfileQuery } from '../../features/discovery/api/get-user-profile.ts';
import { completeGuideOnboarding } from '../../features/onboarding/api/complete-guide-onboarding.ts';
import { ChoiceChips } from '../../features/onboarding/components/choice-chips.tsx';
import { NameFields } from '../../features/onboarding/components/name-fields.tsx';
import { PhoneVerification } from '../../features/onboarding/components/phone-verification.tsx';
import { WizardShell } from '../../features/onboarding/components/wizard-shell.tsx';
import { useSubmitOnce } from '../../features/onboarding/hooks/use-submit-once.ts';
import { onDemand } from '../../lib/on-demand.ts';
import { toast } from '../../lib/toast.ts';

const schemas = onDemand(() => import('@lokal/shared/schemas/onboarding'));

const WELCOME = [
  { icon: ShieldCheck, text: 'Background check in progress — our team reviews every guide.' },
  { icon: UserRound, text: 'Your profile is created.' },
  { icon: Phone, text: 'Your phone is verified.' },
  { icon: BadgeCheck, text: 'Your gender is specified.' },
  {
    icon: ClipboardCheck,
    text: 'Next step: the personality assessment, so we can match you with the right travellers.',
  },
];

export function Component() {
  const navigate = useNavigate();
  const location = useLocation();
  const { updateUser } = useAuth();
  const [step, setStep] = useState(1);
  // The city starts as the one detected from the connection (never the "Your City" placeholder) until the
  // guide types their own (docs/product.md#onboarding).
  const detected = useQuery(userProfileQuery).data?.city;
  const [typedCity, setTypedCity] = useState<string | null>(null);
  const [draftRest, setDraft] = useState<Omit<GuideDraft, 'city'>>({
    firstName: '',
    lastName: '',
    phone: '',
    phoneVerified: false,
    gender: '',
    customGender: '',
    pronouns: '',
  });
  const draft: GuideDraft = {
    ...draftRest,
    city: typedCity ?? (detected && detected !== DEFAULT_CITY ? detected : ''),
  };
  const { busy, error, setError, run } = useSubmitOnce();
  const [saved, setSaved] = useState(false);
  const set = (patch: Partial<Omit<GuideDraft, 'city'>>) => setDraft((d) => ({ ...d, ...patch }));

  async function submit() {
    const { guideOnboardingSchema } = await schemas();
    const parsed = guideOnboardingSchema.safeParse({
      ...draft,
      gender: draft.gender || undefined,
      customGender: draft.gender === 'other' ? draft.customGender : undefined,
      pronouns: draft.gender === 'other' ? draft.pronouns : undefined,
    });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? ONBOARDING_MESSAGES.onboardingFailed);
      return;
    }
    await run(
      async () => {
        await completeGuideOnboarding(parsed.data);
        setSaved(true);
        toast.success('Welcome to Lokal!');
        const from = (location.state as { from?: string } | null)?.from;
        // After 1 s: the page the guide was heading to, else the preview (docs/product.md#guide-screens).
        setTimeout(() => {
          updateUser({
            onboardingCompleted: true,
            displayName: `${parsed.data.firstName} ${parsed.data.lastName}`,
          });
          navigate(from?.startsWith('/guide/') ? from : paths.guide.preview, { replace: true });
        }, GUIDE_ONBOARDING_REDIRECT_MS);
      },
      (err) => (err as Error).message || ONBOARDING_MESSAGES.onboardingFailed,
    );
  }

  return (
    <WizardShell
      title="Guide application"
      steps={GUIDE_STEPS}
      step={step}
      canNext={isGuideStepValid(step, draft)}
      busy={busy}
      saved={saved}
      lastLabel="Complete"
      error={error}
      onBack={() => setStep((s) => Math.max(1, s - 1))}
      onNext={() => (step === GUIDE_STEPS.length ? submit() : setStep(step + 1))}
    >
      {step === 1 ? (
        <div className="space-y-4">
          <NameFields firstName={draft.firstName} lastName={draft.lastName} onChange={set} />
          <Field
            label="City where you guide"
            name="city"
            autoComplete="address-level2"
            placeholder="e.g. Lisbon"
            hint="You will see the travellers of this city. You can change it later in Settings."
            value={draft.city}
            onChange={(e) => setTypedCity(e.target.value)}
          />
        </div>
      ) : null}
      {step === 2 ? (
        <PhoneVerification
          phone={draft.phone}
          verified={draft.phoneVerified}
          city={draft.city}
          onChange={(phone, phoneVerified) => set({ phone, phoneVerified })}
          onAlreadyVerified={() => setStep(3)}
        />
      ) : null}
      {step === 3 ? (
        <div className="space-y-5">
          <ChoiceChips
            legend="Gender"
            options={GENDERS}
            labels={GENDER_LABELS}
            value={draft.gender}
            onChange={(g) => set({ gender: g as GuideDraft['gender'] })}
          />
          {draft.gender === 'other' ? (
            <div className="grid gap-4 sm:grid-cols-2">
              <Field
                label="How do you describe your gender?"
                name="customGender"
                value={draft.customGender}
                onChange={(e) => set({ customGender: e.target.value })}
              />
              <Field
                label="Pronouns"
                name="pronouns"
                placeholder="they/them"
                value={draft.pronouns}
                onChange={(e) => set({ pronouns: e.target.value })}
              />
            </div>
          ) : null}
        </div>
      ) : null}
      {step === 4 ? (
        <ul className="space-y-3">
          {WELCOME.map(({ icon: Icon, text }) => (
            <li key={text} className="flex items-start gap-3 rounded-xl bg-sand/60 p-4">
              <Icon className="mt-0.5 h-5 w-5 shrink-0 text-gold-deep" aria-hidden />
              <span>{text}</span>
            </li>
          ))}
        </ul>
      ) : null}
    </WizardShell>
  );
}
