import { DEFAULT_CITY } from '@lokal/shared/constants/discovery';
import { formatMoney } from '@lokal/shared/domain/discovery';
import { paths } from '@lokal/shared/domain/pages';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Pencil } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { useAuth } from '../../features/auth/auth-context.tsx';
import { DeleteAccountButton } from '../../features/auth/components/delete-account-button.tsx';
import { SignOutButton } from '../../features/auth/components/sign-out-button.tsx';
import { SignOutEverywhereButton } from '../../features/auth/components/sign-out-everywhere-button.tsx';
import { userProfileQuery } from '../../features/discovery/api/get-user-profile.ts';
import { TravelStyleCard } from '../../features/match/components/travel-style-card.tsx';
import { settingsQuery, useSettings } from '../../features/settings/api/get-settings.ts';
import { touristProfileQuery } from '../../features/settings/api/get-tourist-profile.ts';
import { CalendarFeedSection } from '../../features/settings/components/calendar-feed-section.tsx';
import { EditProfileDialog } from '../../features/settings/components/edit-profile-dialog-on-open.ts';
import { LanguageSection } from '../../features/settings/components/language-section.tsx';
import { PhotoGallery } from '../../features/settings/components/photo-gallery.tsx';
import { ProfileFact, ProfileSummary } from '../../features/settings/components/profile-summary.tsx';
import { SettingsFooter } from '../../features/settings/components/settings-footer.tsx';
import { SettingsRow, SettingsSection } from '../../features/settings/components/settings-section.tsx';
import { YourDataSection } from '../../features/settings/components/your-data-section.tsx';
import { availabilityLabel, membershipBadge, tripLabel } from '../../features/settings/format.ts';

// Profile and settings (docs/product.md#settings): summary, favorites, account, preferences, support, sign-out.
// No Subscription section: membership is assigned by our team, so it is shown read-only (decision 009).
export function Component() {
  const { refresh } = useAuth();
  const queryClient = useQueryClient();
  const profile = useQuery(touristProfileQuery);
  const locale = useQuery(userProfileQuery);
  const settings = useSettings();
  const [editing, setEditing] = useState(false);
  const p = profile.data;
  const s = settings.data;
  const detected = locale.data && locale.data.city !== DEFAULT_CITY ? locale.data.city : '';
  const city = p?.city || detected;
  const currency = locale.data?.currency;

  const refreshAll = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: touristProfileQuery.queryKey }),
      queryClient.invalidateQueries({ queryKey: userProfileQuery.queryKey }),
      queryClient.invalidateQueries({ queryKey: settingsQuery.queryKey }),
      refresh(),
    ]);

  return (
    <div className="pb-24 lg:pb-12">
      <main className="mx-auto max-w-3xl space-y-6 px-5 pt-6">
        <h1 className="text-3xl">Settings</h1>
        <ProfileSummary
          state={{
            pending: profile.isPending,
            error: profile.error?.message ?? null,
            retry: () => profile.refetch(),
          }}
          image={p?.image}
          name={p?.name}
          place={[city || 'City not set', currency].filter(Boolean).join(' · ')}
          badge={p ? membershipBadge(p.status) : undefined}
          actions={
            <Button
              variant="outline"
              size="sm"
              onClick={() => setEditing(true)}
              disabled={!p || !s || locale.isPending}
            >
              <Pencil className="h-4 w-4" aria-hidden /> Edit profile
            </Button>
          }
        >
          {p ? (
            <dl className="grid gap-4 sm:grid-cols-2">
              <ProfileFact label="Budget" empty="Not set">
                {p.budget.max
                  ? `${formatMoney(p.budget.min, p.budget.currency)}–${formatMoney(p.budget.max, p.budget.currency)}`
                  : null}
              </ProfileFact>
              <ProfileFact label="Open to" empty="">
                {availabilityLabel(p.availability)}
              </ProfileFact>
              <ProfileFact label="Languages" empty="None yet">
                {p.languages.join(', ')}
              </ProfileFact>
              <ProfileFact label="Interests" empty="None yet">
                {p.interests.join(', ')}
              </ProfileFact>
              <ProfileFact label="Looking for" empty="Nothing yet">
                {p.lookingFor.join(', ')}
              </ProfileFact>
              <ProfileFact label="Your trip" empty="Not set">
                {tripLabel(p.travelFrom, p.travelTo, p.partySize)}
              </ProfileFact>
              <ProfileFact label="Bio" empty="Tell guides a little about yourself." className="sm:col-span-2">
                {p.bio ? <span className="whitespace-pre-line">{p.bio}</span> : null}
              </ProfileFact>
            </dl>
          ) : null}
        </ProfileSummary>
        {p && s && !locale.isPending ? (
          <EditProfileDialog
            open={editing}
            onOpenChange={setEditing}
            userType="tourist"
            image={p.image}
            initial={{
              firstName: s.firstName,
              lastName: s.lastName,
              city,
              currency: currency ?? 'USD',
              languages: p.languages,
              bio: p.bio,
              photo: null,
              tourist: {
                budgetMin: String(p.budget.min),
                budgetMax: String(p.budget.max),
                budgetCurrency: p.budget.currency,
                interests: p.interests,
                lookingFor: p.lookingFor,
                availability: p.availability,
                travelFrom: p.travelFrom ?? '',
                travelTo: p.travelTo ?? '',
                partySize: p.partySize === null ? '' : String(p.partySize),
              },
            }}
            onSaved={refreshAll}
          />
        ) : null}

        <section className="rounded-card bg-white p-5 shadow-card sm:p-6" aria-labelledby="favorites-title">
          <h2 id="favorites-title" className="text-xl">
            Favorites
          </h2>
          <p className="mt-2 text-muted">
            The guides you saved have their own screen.{' '}
            <Link to={paths.tourist.favorites} className="font-medium text-ink underline">
              Open my favorites
            </Link>
          </p>
        </section>

        <SettingsSection id="account" title="Account">
          <dl className="divide-y divide-line">
            <SettingsRow
              label="Sign-in email"
              value={s?.email ?? '…'}
              note="Your sign-in links are sent here."
            />
            <SettingsRow
              label="Membership"
              value={p?.status ?? '…'}
              note="Guides see it on your card. Luxury VIP members also see the social handles guides keep private."
            />
          </dl>
        </SettingsSection>

        <TravelStyleCard place="settings" />

        <SettingsSection
          id="photos"
          title="Photos"
          description="Photos you uploaded; removing one deletes it."
        >
          <PhotoGallery photos={p ? [p.image, ...p.profileImages] : []} onRemoved={refreshAll} />
        </SettingsSection>

        <LanguageSection />

        <CalendarFeedSection />

        <YourDataSection deleteAccount={<DeleteAccountButton />} />

        <SettingsFooter
          signOut={
            <div className="space-y-2">
              <SignOutButton />
              <SignOutEverywhereButton />
            </div>
          }
        />
      </main>
    </div>
  );
}
