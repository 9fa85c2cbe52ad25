import { DEFAULT_CITY } from '@lokal/shared/constants/discovery';
import { paths } from '@lokal/shared/domain/pages';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Eye, Pencil } from 'lucide-react';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { Button, buttonClass } from '../../components/ui/button.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { useAuth } from '../../features/auth/auth-context.tsx';
import { DeleteAccountButton } from '../../features/auth/components/delete-account-button.tsx';
import { SignOutButton } from '../../features/auth/components/sign-out-button.tsx';
import { SignOutEverywhereButton } from '../../features/auth/components/sign-out-everywhere-button.tsx';
import { userProfileQuery } from '../../features/discovery/api/get-user-profile.ts';
import { guidePreviewQuery } from '../../features/onboarding/api/get-guide-preview.ts';
import { settingsQuery, useSettings } from '../../features/settings/api/get-settings.ts';
import { CalendarFeedSection } from '../../features/settings/components/calendar-feed-section.tsx';
import { EditProfileDialog } from '../../features/settings/components/edit-profile-dialog-on-open.ts';
import { IdentityDocumentForm } from '../../features/settings/components/identity-document-form.tsx';
import { LanguageSection } from '../../features/settings/components/language-section.tsx';
import { PhotoGallery } from '../../features/settings/components/photo-gallery.tsx';
import { ProfileFact, ProfileSummary } from '../../features/settings/components/profile-summary.tsx';
import { SettingsFooter } from '../../features/settings/components/settings-footer.tsx';
import {
  SectionError,
  SettingsRow,
  SettingsSection,
} from '../../features/settings/components/settings-section.tsx';
import { SocialHandleForm } from '../../features/settings/components/social-handle-form.tsx';
import { YourDataSection } from '../../features/settings/components/your-data-section.tsx';
import { verificationText } from '../../features/settings/format.ts';

// Profile card, social handle, account, preferences, support, sign-out and version (docs/product.md#settings).
export function Component() {
  const { refresh } = useAuth();
  const queryClient = useQueryClient();
  const me = useQuery(guidePreviewQuery);
  const locale = useQuery(userProfileQuery);
  const settings = useSettings();
  // The dashboard's checklist links to #photo: the editor, where the photo is added, opens at once.
  const [editing, setEditing] = useState(useLocation().hash === '#photo');
  const p = me.data?.profile;
  const s = settings.data?.role === 'guide' ? settings.data : undefined;
  const detected = locale.data && locale.data.city !== DEFAULT_CITY ? locale.data.city : '';
  const city = p?.city || detected;
  const currency = locale.data?.currency;
  const verification = s ? verificationText(s.verification) : undefined;

  const refreshAll = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: guidePreviewQuery.queryKey }),
      queryClient.invalidateQueries({ queryKey: userProfileQuery.queryKey }),
      queryClient.invalidateQueries({ queryKey: settingsQuery.queryKey }),
      refresh(),
    ]);

  return (
    <div className="pb-24 lg:pb-12">
      <main className="mx-auto max-w-3xl space-y-6 px-5 pt-6">
        <h1 className="text-3xl">Settings</h1>
        <ProfileSummary
          state={{ pending: me.isPending, error: me.error?.message ?? null, retry: () => me.refetch() }}
          image={p?.image}
          name={p?.name}
          place={[city || 'City not set', currency].filter(Boolean).join(' · ')}
          badge={verification ? { label: verification.label, tone: verification.tone } : undefined}
          actions={
            <>
              <Button
                variant="outline"
                size="sm"
                onClick={() => setEditing(true)}
                disabled={!p || !s || locale.isPending}
              >
                <Pencil className="h-4 w-4" aria-hidden /> Edit profile
              </Button>
              <Link to={paths.guide.preview} className={buttonClass('ghost', 'sm')}>
                <Eye className="h-4 w-4" aria-hidden /> Preview my profile
              </Link>
            </>
          }
        >
          {p ? (
            <dl className="grid gap-4">
              <ProfileFact label="Languages" empty="None yet">
                {p.languages.join(', ')}
              </ProfileFact>
              <ProfileFact label="Bio" empty="Tell travellers what a day with you is like.">
                {p.bio ? <span className="whitespace-pre-line">{p.bio}</span> : null}
              </ProfileFact>
            </dl>
          ) : null}
        </ProfileSummary>
        {p && s && !locale.isPending ? (
          <EditProfileDialog
            open={editing}
            onOpenChange={setEditing}
            userType="guide"
            image={p.image}
            initial={{
              firstName: s.firstName,
              lastName: s.lastName,
              city,
              currency: currency ?? 'USD',
              languages: p.languages,
              bio: p.bio,
              photo: null,
            }}
            onSaved={refreshAll}
          />
        ) : null}

        <SettingsSection
          id="social"
          title="Social media"
          description="Your handle helps travellers get to know you before they book."
        >
          {s ? (
            <SocialHandleForm settings={s} />
          ) : settings.isError ? (
            <SectionError message={settings.error.message} onRetry={() => settings.refetch()} />
          ) : (
            <Skeleton className="h-32" />
          )}
        </SettingsSection>

        <SettingsSection
          id="verification"
          title="Verification"
          description="Our team verifies every guide with a verified phone and an identity document."
        >
          <dl className="mb-4">
            <SettingsRow label="Status" value={verification?.label ?? '…'} note={verification?.note} />
          </dl>
          <IdentityDocumentForm />
        </SettingsSection>

        <SettingsSection id="account" title="Account">
          <dl className="divide-y divide-line">
            <SettingsRow
              label="Sign-in email"
              value={s?.email ?? '…'}
              note="Your sign-in links are sent here."
            />
          </dl>
        </SettingsSection>

        <SettingsSection
          id="photos"
          title="Photos"
          description="Photos you uploaded; removing one deletes it."
        >
          <PhotoGallery photos={p ? [p.image] : []} onRemoved={refreshAll} />
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
