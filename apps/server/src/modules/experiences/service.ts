import { randomBytes } from 'node:crypto';
import { EXPERIENCE_LIMITS, EXPERIENCE_MESSAGES } from '@lokal/shared/constants/experiences';
import { PHOTO_LIMITS } from '@lokal/shared/constants/settings';
import { durationLabel } from '@lokal/shared/domain/booking';
import { policyInWords } from '@lokal/shared/domain/cancellation';
import { convertAmount, exchangeRate, type UsdRates } from '@lokal/shared/domain/money';
import { type AvailabilityRules, addDays, computeSlots } from '@lokal/shared/domain/slots';
import { timeZoneForCity, zonedTimeToInstant } from '@lokal/shared/domain/time-zone';
import type {
  AvailabilityInput,
  Experience,
  ExperienceCard,
  ExperienceInput,
  SlotsResponse,
} from '@lokal/shared/schemas/experiences';
import { HttpError } from '../../plugins/errors.ts';
import { toWebp } from '../../plugins/images.ts';
import { createRateLimiter, type HitCounter } from '../../plugins/rate-limit.ts';
import type { SessionUser } from '../../plugins/sessions.ts';
import { type FileStore, uploadKey } from '../../plugins/storage.ts';
import { type AppContext, perApp } from '../context.ts';
import { localeOf } from '../locale/service.ts';
import { toRules } from './availability-rules.ts';
import { publishGaps } from './publish-gaps.ts';
import { createExperiencesRepository, type ExperienceRow, type ExperiencesRepository } from './repository.ts';

const DAY_MS = 86_400_000;
const PHOTO_SIZE = { width: 1200, height: 900 };
const notFound = () => new HttpError(404, EXPERIENCE_MESSAGES.notFound, 'not-found');
const photoUrl = (file: string) => `/api/uploads/${file}`;

type Viewer = SessionUser | null;
type CachedSlots = { guideId: string; public: boolean; response: SlotsResponse };
const SLOTS_CACHE_ENTRIES = 2000;

export function createExperiencesService(deps: {
  repo: ExperiencesRepository;
  now: () => number;
  rates: () => Promise<{ rates: UsdRates }>;
  files: FileStore;
  /** How long one slots answer is reused in this process (0: never). */
  slotsCacheMs: number;
  countHit: HitCounter;
  rateLimitScale: number;
  /** The traveller's service fee, shown in the all-in price (decision 095). */
  serviceFeeBp: number;
}) {
  const { repo, now } = deps;
  const consume = createRateLimiter(deps.countHit, now);

  /** The viewer's display currency and the rates, when a price should be shown converted. */
  async function displayFor(viewer: Viewer) {
    if (viewer?.role !== 'tourist') return null;
    // The session carries the display currency: a page's prices need no look-up of their own.
    return { currency: viewer.currency, rates: (await deps.rates()).rates };
  }

  function displayPrice(e: ExperienceRow, display: Awaited<ReturnType<typeof displayFor>>) {
    if (!display || display.currency === e.currency) return null;
    const amount = convertAmount(e.price, e.currency, display.currency, display.rates);
    return amount === null ? null : { amount, currency: display.currency };
  }

  function toCard(
    row: Awaited<ReturnType<ExperiencesRepository['mine']>>[number],
    display: Awaited<ReturnType<typeof displayFor>>,
  ): ExperienceCard {
    const e = row.experience;
    return {
      id: e.id,
      guideId: e.guideId,
      title: e.title,
      category: e.category,
      summary: e.summary,
      durationMinutes: e.durationMinutes,
      priceMode: e.priceMode,
      price: e.price,
      currency: e.currency,
      displayPrice: displayPrice(e, display),
      minGroup: e.minGroup,
      maxGroup: e.maxGroup,
      bookingMode: e.bookingMode,
      status: e.status,
      rating: { average: Number(row.rating?.average ?? 0), count: Number(row.rating?.count ?? 0) },
      updatedAt: e.updatedAt.toISOString(),
      photo: row.photo ? photoUrl(row.photo) : null,
      photoCount: Number(row.photoCount),
    };
  }

  /** The experience, if this viewer may see it: published by a listed guide, or the owner's, or to staff. */
  async function visible(id: string, viewer: Viewer) {
    const row = await repo.byId(id);
    if (!row) throw notFound();
    const privileged = viewer?.id === row.experience.guideId || viewer?.role === 'staff';
    if (!privileged && (row.experience.status !== 'published' || !row.guide.listed)) throw notFound();
    return row;
  }

  async function owned(user: SessionUser, id: string) {
    const row = await repo.byId(id);
    // Another guide's experience is indistinguishable from one that does not exist.
    if (!row || row.experience.guideId !== user.id) throw notFound();
    return row;
  }

  /** The guide's schedule as the screens show it, in the guide's city (read alongside, not after). */
  async function rulesOf(
    guideId: string,
    cityOf: string | Promise<string | null>,
  ): Promise<AvailabilityRules & { city: string }> {
    const [found, { rules, exceptions }] = await Promise.all([cityOf, repo.availability(guideId)]);
    const city = found ?? '';
    return { city, ...toRules(city, rules, exceptions) };
  }

  const publishProblems = (e: ExperienceRow, profilePhoto = true) => publishGaps(repo, e, { profilePhoto });

  async function refreshOffer(guideId: string) {
    const { rates } = await deps.rates();
    await repo.refreshGuideOffer(
      guideId,
      (price, currency) => convertAmount(price, currency, 'USD', rates) ?? price,
      durationLabel,
    );
  }

  async function full(id: string, viewer: Viewer): Promise<Experience> {
    const row = await repo.byId(id);
    if (!row) throw notFound();
    const e = row.experience;
    const display = await displayFor(viewer);
    const displayRate = display && exchangeRate(e.currency, display.currency, display.rates);
    return {
      ...toCard(
        {
          experience: e,
          rating: row.rating,
          photo: row.photos[0]?.file ?? null,
          photoCount: row.photos.length,
        },
        display,
      ),
      // What the booking form prices with, by the same function as the server (docs/product.md#payment).
      pricing: {
        serviceFeeBp: deps.serviceFeeBp,
        travellerCurrency: displayRate ? display.currency : e.currency,
        rate: displayRate ?? exchangeRate(e.currency, e.currency, {})!,
      },
      description: e.description,
      languages: e.languages,
      meetingPoint: { address: e.meetingAddress, lat: e.meetingLat, lng: e.meetingLng },
      included: e.included,
      notIncluded: e.notIncluded,
      photos: row.photos.map((p) => ({ id: p.id, url: photoUrl(p.file) })),
      cancellationPolicy: e.cancellationPolicy,
      policyInWords: policyInWords(e.cancellationPolicy),
      city: row.guide.city,
      timeZone: timeZoneForCity(row.guide.city),
      guide: {
        id: e.guideId,
        slug: row.guide.slug,
        name: `${row.guide.firstName} ${row.guide.lastName}`.trim(),
        image: row.guide.image,
        city: row.guide.city,
        verified: row.guide.verified,
        rating: row.guide.rating,
        reviews: row.guide.reviews,
      },
    };
  }

  async function photos(id: string) {
    return (await repo.photosOf(id)).map((p) => ({ id: p.id, url: photoUrl(p.file) }));
  }

  const slotsCache = new Map<string, { until: number; answer: Promise<CachedSlots | null> }>();

  /** Forgets the cached slots of a guide's experiences (their bookings or schedule changed). */
  function forgetSlots(guideId: string) {
    for (const [key, entry] of slotsCache) {
      entry.answer.then((found) => {
        if (!found || found.guideId === guideId) slotsCache.delete(key);
      });
    }
  }

  async function computeSlotsOf(
    id: string,
    from: string,
    to: string,
    at: number,
  ): Promise<CachedSlots | null> {
    const fromDay = zonedTimeToInstant(from, '00:00', 'UTC')!.getTime();
    const toDay = zonedTimeToInstant(addDays(to, 1), '00:00', 'UTC')!.getTime();
    // Bookings two days either side matter too (a range past midnight, the buffer, the daily count), whatever
    // the zone's offset.
    const input = await repo.slotInputs(id, {
      from: new Date(fromDay - 2 * DAY_MS),
      to: new Date(toDay + 2 * DAY_MS),
      fromDate: from,
      toDate: to,
      now: new Date(at),
    });
    if (!input) return null;
    const timeZone = timeZoneForCity(input.city);
    const rules = toRules(input.city, input.rules, input.exceptions);
    const slots =
      input.status === 'published'
        ? computeSlots({
            rules,
            durationMinutes: input.durationMinutes,
            from,
            to,
            now: new Date(at),
            busy: input.busy,
            imported: input.imported,
          })
        : [];
    return {
      guideId: input.guideId,
      public: input.status === 'published' && input.listed,
      response: { timeZone, durationMinutes: input.durationMinutes, slots },
    };
  }

  async function removeFiles(names: string[]) {
    for (const name of names) await deps.files.delete(uploadKey(name));
  }

  return {
    rulesOf,

    async mine(user: SessionUser) {
      const display = null;
      return (await repo.mine(user.id)).map((r) => toCard(r, display));
    },

    async ofGuide(guideId: string, viewer: Viewer) {
      const display = await displayFor(viewer);
      // The guide and staff see the guide's page even while travellers cannot (docs/product.md#guide-page).
      const privileged = viewer?.id === guideId || viewer?.role === 'staff';
      return (await repo.published(guideId, privileged)).map((r) => toCard(r, display));
    },

    async get(id: string, viewer: Viewer) {
      await visible(id, viewer);
      return full(id, viewer);
    },

    /** The experience for its page, and whether travellers may see it (only its guide and staff otherwise). */
    async forPage(id: string, viewer: Viewer) {
      const row = await visible(id, viewer);
      return {
        experience: await full(id, viewer),
        public: row.experience.status === 'published' && Boolean(row.guide.listed),
      };
    },

    async create(user: SessionUser, input: ExperienceInput) {
      if ((await repo.guideCity(user.id)) === null) {
        throw new HttpError(409, 'Complete onboarding before adding experiences', 'onboarding-required');
      }
      if ((await repo.countOf(user.id)) >= EXPERIENCE_LIMITS.perGuideMax) {
        throw new HttpError(
          409,
          `A guide can have at most ${EXPERIENCE_LIMITS.perGuideMax} experiences`,
          'too-many',
        );
      }
      const id = await repo.create(user.id, input, new Date(now()));
      return full(id, user);
    },

    async update(user: SessionUser, id: string, input: ExperienceInput) {
      const { experience } = await owned(user, id);
      if (experience.status === 'published') {
        // A published experience must stay publishable in what an edit can change (not the profile photo).
        const problems = await publishProblems(
          {
            ...experience,
            title: input.title,
            price: Number(input.price),
            meetingAddress: input.meetingPoint.address,
          },
          false,
        );
        if (problems.length) {
          throw new HttpError(
            409,
            `${EXPERIENCE_MESSAGES.publishNeeds} ${problems.join(', ')}. Or pause it first.`,
            'cannot-publish',
          );
        }
      }
      await repo.update(id, user.id, input, new Date(now()));
      forgetSlots(user.id);
      if (experience.status === 'published') await refreshOffer(user.id);
      return full(id, user);
    },

    async setStatus(user: SessionUser, id: string, status: ExperienceRow['status']) {
      const { experience } = await owned(user, id);
      if (status === 'published') {
        const problems = await publishProblems(experience);
        if (problems.length) {
          throw new HttpError(
            409,
            `${EXPERIENCE_MESSAGES.publishNeeds} ${problems.join(', ')}.`,
            'cannot-publish',
          );
        }
      }
      await repo.setStatus(id, user.id, status, new Date(now()));
      forgetSlots(user.id);
      await refreshOffer(user.id);
      return full(id, user);
    },

    async remove(user: SessionUser, id: string) {
      await owned(user, id);
      const files = await repo.remove(id, user.id);
      if (!files) throw notFound();
      await removeFiles(files);
      forgetSlots(user.id);
      await refreshOffer(user.id);
    },

    /**
     * Counts an upload against the member's hourly limit, shared with profile photos
     * (docs/product.md#rate-limits), before the picture is read: 429 with Retry-After when over.
     */
    countUpload: (userId: string) =>
      consume(`photo-upload:${userId}`, {
        limit: PHOTO_LIMITS.uploadsPerHour * deps.rateLimitScale,
        windowMs: 3_600_000,
      }),

    async addPhoto(user: SessionUser, id: string, data: Buffer) {
      await owned(user, id);
      const out = await toWebp(data, PHOTO_SIZE, PHOTO_LIMITS.minExperience);
      const file = `${id}-${randomBytes(6).toString('hex')}.webp`;
      await deps.files.put(uploadKey(file), out, 'image/webp');
      if (!(await repo.addPhoto(id, file, EXPERIENCE_LIMITS.photosMax))) {
        await removeFiles([file]);
        throw new HttpError(
          409,
          `An experience can have at most ${EXPERIENCE_LIMITS.photosMax} photos`,
          'too-many-photos',
        );
      }
      return photos(id);
    },

    async removePhoto(user: SessionUser, id: string, photoId: string) {
      await owned(user, id);
      const file = await repo.removePhoto(id, photoId);
      if (!file) throw new HttpError(404, 'Photo not found', 'not-found');
      await removeFiles([file]);
      return photos(id);
    },

    async reorderPhotos(user: SessionUser, id: string, photoIds: string[]) {
      await owned(user, id);
      if (!(await repo.reorder(id, photoIds))) {
        throw new HttpError(400, "List each of the experience's photos exactly once", 'bad-order');
      }
      return photos(id);
    },

    async availability(user: SessionUser) {
      return rulesOf(user.id, repo.guideCity(user.id));
    },

    async saveAvailability(user: SessionUser, input: AvailabilityInput) {
      await repo.saveAvailability(user.id, input, new Date(now()));
      forgetSlots(user.id);
      return rulesOf(user.id, repo.guideCity(user.id));
    },

    forgetSlots,

    /**
     * Bookable start times of a visible experience between two local dates (docs/product.md#availability). The
     * same answer serves the same question for up to `slotsCacheMs` in this process; a booking or a schedule
     * change here forgets it at once, and the booking itself re-checks its slot, so a list a moment old on another
     * instance never books a taken time.
     */
    async slots(id: string, from: string, to: string, viewer: Viewer): Promise<SlotsResponse> {
      const key = `${id}|${from}|${to}`;
      const at = now();
      let hit = slotsCache.get(key);
      if (!hit || hit.until <= at) {
        const answer = computeSlotsOf(id, from, to, at);
        hit = { until: at + deps.slotsCacheMs, answer };
        answer.catch(() => slotsCache.delete(key));
        if (deps.slotsCacheMs > 0) {
          slotsCache.delete(key);
          slotsCache.set(key, hit);
          if (slotsCache.size > SLOTS_CACHE_ENTRIES) slotsCache.delete(slotsCache.keys().next().value!);
        }
      }
      const found = await hit.answer;
      if (!found) throw notFound();
      const privileged = viewer?.id === found.guideId || viewer?.role === 'staff';
      if (!privileged && !found.public) throw notFound();
      return found.response;
    },
  };
}

export type ExperiencesService = ReturnType<typeof createExperiencesService>;

/** The app's one experiences service (bookings read availability through it). */
export const experiencesOf = perApp((ctx: AppContext) => {
  const locale = localeOf(ctx);
  return createExperiencesService({
    repo: createExperiencesRepository(ctx.db),
    now: ctx.now,
    rates: () => locale.rates(),
    files: ctx.files,
    slotsCacheMs: ctx.config.slotsCacheMs,
    countHit: ctx.countHit,
    rateLimitScale: ctx.config.rateLimitScale,
    serviceFeeBp: ctx.config.fees.serviceFeeBp,
  });
});
