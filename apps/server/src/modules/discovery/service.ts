import {
  DEFAULT_CITY,
  DISCOVERY_MESSAGES,
  GUIDE_CATEGORY_INTERESTS,
} from '@lokal/shared/constants/discovery';
import { topTouristScore } from '@lokal/shared/domain/discovery';
import type { GuideCard, PremiumTourist, TouristCard } from '@lokal/shared/schemas/discovery';
import type { guideProfiles } from '../../db/schema/profiles.ts';
import { HttpError } from '../../plugins/errors.ts';
import type { SessionUser } from '../../plugins/sessions.ts';
import type { Cursor, DiscoveryRepository, GuideFilters, GuideSort } from './repository.ts';

const ONLINE_WINDOW_MS = 5 * 60_000;
const STATUS_RANK: Record<string, number> = { 'Luxury VIP Member': 0, 'Premium Member': 1, 'Gold Member': 2 };

type GuideRow = typeof guideProfiles.$inferSelect;
type TouristRow = Awaited<ReturnType<DiscoveryRepository['touristsIn']>>[number];

function encodeCursor(row: GuideRow): string {
  const c: Cursor = { v: row.verified, r: row.rating, p: 0, id: row.userId };
  return Buffer.from(JSON.stringify({ ...c, pMin: row.priceMin, pMax: row.priceMax })).toString('base64url');
}

function decodeCursor(raw: string | undefined, sort: GuideSort): Cursor | null {
  if (!raw) return null;
  try {
    const c = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
    if (
      typeof c.v !== 'boolean' ||
      typeof c.r !== 'number' ||
      typeof c.id !== 'string' ||
      !/^[0-9a-f-]{36}$/.test(c.id)
    ) {
      throw new Error('bad cursor');
    }
    return { v: c.v, r: c.r, id: c.id, p: Number(sort === 'price_desc' ? c.pMax : c.pMin) || 0 };
  } catch {
    throw new HttpError(400, 'This page link is no longer valid. Please search again.', 'invalid-cursor');
  }
}

export function toGuideCard(g: GuideRow): GuideCard {
  return {
    id: g.userId,
    name: `${g.firstName} ${g.lastName}`,
    age: g.age,
    city: g.city,
    country: g.country,
    profession: g.profession,
    bio: g.bio,
    image: g.image,
    thumbnail: g.image,
    rating: g.rating,
    reviews: g.reviews,
    totalTours: g.totalTours,
    priceRange: `$${g.priceMin}-$${g.priceMax}`,
    specialties: g.specialties,
    languages: g.languages,
    responseTime: g.responseTime,
    verified: g.verified,
    tourTypes: g.tourTypes,
  };
}

function toTouristCard(t: TouristRow, now: number, canContact: boolean): TouristCard {
  const p = t.profile;
  return {
    id: p.userId,
    name: `${p.firstName} ${p.lastName}`,
    country: p.country,
    city: p.city,
    age: p.age,
    rating: p.rating,
    image: p.image,
    status: p.status,
    budget: { min: p.budgetMin, max: p.budgetMax, currency: p.currency },
    availability: p.availability,
    interests: p.interests,
    languages: p.languages,
    lookingFor: p.lookingFor,
    lastActive: t.lastActive.toISOString(),
    verified: p.verified,
    online: now - t.lastActive.getTime() < ONLINE_WINDOW_MS,
    canContact,
  };
}

function membershipDuration(createdAt: Date, now: number): string {
  const months = Math.floor((now - createdAt.getTime()) / (30 * 86_400_000));
  if (months < 1) return 'New member';
  if (months < 12) return `${months} month${months === 1 ? '' : 's'}`;
  const years = Math.floor(months / 12);
  return `${years} year${years === 1 ? '' : 's'}`;
}

function personalityType(interests: string[]): string {
  if (interests.some((i) => /night|music/i.test(i))) return 'Social Explorer';
  if (interests.some((i) => /art|architecture|history/i.test(i))) return 'Cultural Connoisseur';
  if (interests.some((i) => /dining|wine|food/i.test(i))) return 'Epicurean';
  return 'Curious Traveller';
}

export function createDiscoveryService(deps: { repo: DiscoveryRepository; now: () => number }) {
  const { repo, now } = deps;

  function rank(tourists: TouristRow[]): TouristRow[] {
    const at = new Date(now());
    return [...tourists].sort(
      (a, b) =>
        topTouristScore({ ...b.profile, lastActive: b.lastActive }, at) -
          topTouristScore({ ...a.profile, lastActive: a.lastActive }, at) ||
        a.profile.userId.localeCompare(b.profile.userId),
    );
  }

  /** The guide, their city, and which tourists they may contact (spec §6). */
  async function guideContext(user: SessionUser) {
    const guide = await repo.guideOf(user.id);
    const city = guide?.profile.city || guide?.userCity || null;
    const tourists = await repo.touristsIn(city);
    const verified = guide?.profile.verified ?? false;
    // An unverified guide may reach only the three top guests of the city who welcome new guides.
    const openToNew = rank(tourists.filter((t) => t.profile.availability.newGuides)).slice(0, 3);
    const allowed = new Set(openToNew.map((t) => t.profile.userId));
    const canContact = (touristId: string) =>
      user.personalityTestCompleted && (verified || allowed.has(touristId));
    return { guide, city, tourists, verified, canContact };
  }

  function premium(t: TouristRow, canContact: boolean): PremiumTourist {
    const p = t.profile;
    const at = now();
    return {
      ...toTouristCard(t, at, canContact),
      profileImages: p.profileImages.length ? p.profileImages : [p.image],
      membershipDuration: membershipDuration(t.createdAt, at),
      verifiedDocuments: p.verified,
      verifiedInfo: [
        'Email',
        ...(t.phoneVerifiedAt || p.verified ? ['Phone'] : []),
        ...(p.verified ? ['ID'] : []),
      ],
      personalityType: personalityType(p.interests),
      tourPreferences: p.lookingFor,
      recentReviews: [],
      bio: p.bio,
      occupation: p.occupation,
      acceptanceRate: p.acceptanceRate,
      requestsLast30Days: p.requestsLast30Days,
      score: Math.round(topTouristScore({ ...p, lastActive: t.lastActive }, new Date(at)) * 10) / 10,
    };
  }

  return {
    async search(filters: GuideFilters, sort: GuideSort, limit: number, rawCursor: string | undefined) {
      const rows = await repo.searchGuides(filters, sort, limit + 1, decodeCursor(rawCursor, sort));
      const page = rows.slice(0, limit);
      return {
        guides: page.map(toGuideCard),
        nextCursor: rows.length > limit && page.length ? encodeCursor(page[page.length - 1]!) : null,
      };
    },

    explainSearch: (filters: GuideFilters) => repo.explainSearch(filters),

    async guideProfile(id: string, viewer: SessionUser | null) {
      const g = await repo.listedGuide(id);
      if (!g) throw new HttpError(404, 'Profile not found', 'not-found');
      // The handle is for everyone unless hidden; hidden handles are for luxury (VIP) tourists only.
      let showHandle = !g.hideSocialMedia;
      if (!showHandle && viewer?.role === 'tourist') {
        showHandle = (await repo.touristStatus(viewer.id)) === 'Luxury VIP Member';
      }
      return {
        ...toGuideCard(g),
        socialMedia: showHandle ? g.socialMedia : null,
        pronouns: g.pronouns,
      };
    },

    async touristProfile(id: string, viewer: SessionUser) {
      if (viewer.role !== 'guide')
        throw new HttpError(403, 'Only guides can open tourist profiles', 'forbidden');
      if (!viewer.personalityTestCompleted) {
        throw new HttpError(403, DISCOVERY_MESSAGES.personalityRequired, 'personality-test-required');
      }
      const ctx = await guideContext(viewer);
      const t = await repo.tourist(id);
      if (!t) throw new HttpError(404, 'Profile not found', 'not-found');
      if (!ctx.canContact(id))
        throw new HttpError(403, DISCOVERY_MESSAGES.unverifiedContact, 'verification-required');
      return premium(t, true);
    },

    /** Whether this guide may contact this tourist; the chat issue calls it before a conversation starts. */
    async assertGuideMayContact(viewer: SessionUser, touristId: string): Promise<void> {
      if (!viewer.personalityTestCompleted) {
        throw new HttpError(403, DISCOVERY_MESSAGES.personalityRequired, 'personality-test-required');
      }
      const ctx = await guideContext(viewer);
      if (!ctx.canContact(touristId)) {
        throw new HttpError(403, DISCOVERY_MESSAGES.unverifiedContact, 'verification-required');
      }
    },

    async touristsForGuide(viewer: SessionUser, q: string | undefined, category: string | undefined) {
      const ctx = await guideContext(viewer);
      const at = now();
      const needle = q?.toLowerCase();
      const wanted =
        category && category !== 'All' ? (GUIDE_CATEGORY_INTERESTS[category] ?? [category]) : null;
      const list = ctx.tourists
        .filter((t) => {
          const p = t.profile;
          if (needle) {
            const hay = [`${p.firstName} ${p.lastName}`, p.country, ...p.interests].join(' ').toLowerCase();
            if (!hay.includes(needle)) return false;
          }
          return !wanted || p.interests.some((i) => wanted.includes(i));
        })
        .sort(
          (a, b) =>
            (STATUS_RANK[a.profile.status] ?? 9) - (STATUS_RANK[b.profile.status] ?? 9) ||
            b.lastActive.getTime() - a.lastActive.getTime() ||
            a.profile.userId.localeCompare(b.profile.userId),
        );
      const highValueOnline = ctx.tourists.filter(
        (t) => t.profile.status !== 'Gold Member' && at - t.lastActive.getTime() < ONLINE_WINDOW_MS,
      ).length;
      const g = ctx.guide?.profile;
      return {
        city: ctx.city ?? DEFAULT_CITY,
        verified: ctx.verified,
        personalityTestCompleted: viewer.personalityTestCompleted,
        highValueOnline,
        // Bookings and earnings arrive with the bookings issue; until then the real figures are zero.
        stats: { thisWeek: 0, earnings: 0, rating: g?.rating ?? 0, responseRate: 0 },
        tourists: list.map((t) => toTouristCard(t, at, ctx.canContact(t.profile.userId))),
      };
    },

    async topTourists(viewer: SessionUser) {
      const ctx = await guideContext(viewer);
      return {
        city: ctx.city ?? DEFAULT_CITY,
        tourists: rank(ctx.tourists)
          .slice(0, 3)
          .map((t) => premium(t, ctx.canContact(t.profile.userId))),
      };
    },

    async verification(viewer: SessionUser) {
      const g = await repo.guideOf(viewer.id);
      return { verified: g?.profile.verified ?? false };
    },
  };
}

export type DiscoveryService = ReturnType<typeof createDiscoveryService>;
