import { AUTH_MESSAGES } from '@lokal/shared/constants/auth';
import { GUIDE_ONLY_SETTINGS, SETTINGS_MESSAGES } from '@lokal/shared/constants/settings';
import type { Settings, SettingsUpdate } from '@lokal/shared/schemas/settings';
import { HttpError } from '../../plugins/errors.ts';
import type { SessionUser } from '../../plugins/sessions.ts';
import type { AccountPatch, ProfilePatch, SettingsRepository } from './repository.ts';

const noProfile = () =>
  new HttpError(409, 'Complete onboarding before changing your profile', 'onboarding-required');

type Role = 'tourist' | 'guide';

function asRole(user: SessionUser): Role {
  // The module's requireSession(app, 'tourist', 'guide') keeps staff out before this point.
  if (user.role === 'staff') throw new HttpError(403, 'Settings are for tourists and guides', 'forbidden');
  return user.role;
}

export function createSettingsService(repo: SettingsRepository) {
  async function read(user: SessionUser): Promise<Settings> {
    const role = asRole(user);
    const row = await repo.read(user.id);
    if (!row) throw new HttpError(401, AUTH_MESSAGES.notAuthenticated, 'unauthenticated');
    const names = (role === 'guide' ? row.guide : row.tourist) ?? { firstName: '', lastName: '' };
    const account = {
      email: row.email,
      firstName: names.firstName,
      lastName: names.lastName,
      notifyBookings: row.notifyBookings,
      notifyEmail: row.notifyEmail,
      pushBookings: row.pushBookings,
      notifyReminders: row.notifyReminders,
      emailReminders: row.emailReminders,
      pushReminders: row.pushReminders,
      notifyReviews: row.notifyReviews,
      emailReviews: row.emailReviews,
      pushReviews: row.pushReviews,
      quietHours: row.quietHours,
      timeZone: row.timeZone,
    };
    if (role === 'tourist') return { role, ...account };
    return {
      role,
      ...account,
      autoAcceptBookings: row.autoAcceptBookings,
      socialMedia: row.guide?.socialMedia ?? null,
      hideSocialMedia: row.guide?.hideSocialMedia ?? false,
      verification: {
        status: row.guide?.verificationStatus ?? 'pending',
        reason: row.guide?.verificationStatus === 'rejected' ? (row.guide.rejectionReason ?? null) : null,
      },
    };
  }

  return {
    read,

    /** A partial update: only the fields sent change. Returns the settings as now stored. */
    async update(user: SessionUser, body: SettingsUpdate): Promise<Settings> {
      const role = asRole(user);
      if (role !== 'guide') {
        const key = (Object.keys(GUIDE_ONLY_SETTINGS) as (keyof typeof GUIDE_ONLY_SETTINGS)[]).find(
          (k) => body[k] !== undefined,
        );
        if (key)
          throw new HttpError(400, SETTINGS_MESSAGES.guideOnly(GUIDE_ONLY_SETTINGS[key]), 'guide-only');
      }
      const { firstName, lastName, socialMedia, hideSocialMedia, ...rest } = body;
      const account: AccountPatch = rest;
      const profile: ProfilePatch = Object.fromEntries(
        Object.entries({ firstName, lastName, socialMedia, hideSocialMedia }).filter(
          ([, v]) => v !== undefined,
        ),
      );
      if (!(await repo.update(user.id, role, account, profile))) throw noProfile();
      return read(user);
    },
  };
}

export type SettingsService = ReturnType<typeof createSettingsService>;
