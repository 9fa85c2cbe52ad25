import { MARKETING } from '@lokal/shared/constants/marketing';
import { paths } from '@lokal/shared/domain/pages';
import { CalendarClock, Coins, Globe2, Sparkles } from 'lucide-react';
import { AuthLayout } from '../../features/auth/components/auth-layout.tsx';
import { AuthLinks } from '../../features/auth/components/auth-links.tsx';
import { MagicLinkForm } from '../../features/auth/components/magic-link-form.tsx';

const BENEFITS = [
  { icon: Coins, text: `Earn ${MARKETING.guideHourlyEarnings} per hour` },
  { icon: CalendarClock, text: 'Flexible schedule' },
  { icon: Globe2, text: 'Meet international travelers' },
  { icon: Sparkles, text: 'Share your local expertise' },
];

export function Component() {
  return (
    <AuthLayout
      title="Become a Guide"
      lead={`Show ${MARKETING.luxuryTravelers} luxury travelers the city you love.`}
      aside={
        <p className="font-display text-3xl">
          Artists, students, historians, night owls: your city is your craft.
        </p>
      }
    >
      <ul className="mb-8 grid gap-3 sm:grid-cols-2">
        {BENEFITS.map(({ icon: Icon, text }) => (
          <li key={text} className="flex items-center gap-3 rounded-xl bg-sand/70 p-3 text-sm">
            <Icon className="h-5 w-5 shrink-0 text-gold-deep" aria-hidden />
            {text}
          </li>
        ))}
      </ul>
      <MagicLinkForm userType="guide" submitLabel="Join as Guide" />
      <AuthLinks prompt="Already a guide?" to={paths.guide.login} label="Sign in" />
    </AuthLayout>
  );
}
