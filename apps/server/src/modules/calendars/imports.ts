import { MAX_AHEAD_DAYS } from '@lokal/shared/constants/bookings';
import { timeZoneForCity } from '@lokal/shared/domain/time-zone';
import { isUuid } from '@lokal/shared/domain/uuid';
import {
  CALENDAR_IMPORTS_MAX,
  type CalendarImport,
  type CalendarImports,
} from '@lokal/shared/schemas/calendars';
import type { Config } from '../../config.ts';
import { HttpError } from '../../plugins/errors.ts';
import { createRateLimiter, type HitCounter } from '../../plugins/rate-limit.ts';
import type { SessionUser } from '../../plugins/sessions.ts';
import { type AppContext, perApp } from '../context.ts';
import { experiencesOf } from '../experiences/service.ts';
import { busyTimes, CalendarParseError, MAX_BUSY_PER_CALENDAR } from './busy-times.ts';
import { FeedError, feedUrl, fetchFeed } from './fetch-feed.ts';
import { type CalendarsRepository, createCalendarsRepository, type ImportRow } from './repository.ts';

// Guides' other calendars (docs/product.md#calendars, decision 096): added with a first sync, fetched again
// every 15 minutes by the scheduler; a failed sync keeps the last good copy and says what went wrong.

const DAY_MS = 86_400_000;
/** Calendars synced at once by the scheduled job. */
const SYNC_PARALLEL = 4;
/** Calendars one scheduled turn syncs at most, the longest unsynced first. */
const SYNC_BATCH = 2000;
/** Each add fetches an address at once: at most this many adds per guide per hour. */
const ADDS_PER_HOUR = 20;

function toImport(row: ImportRow): CalendarImport {
  return {
    id: row.id,
    url: row.url,
    createdAt: row.createdAt.toISOString(),
    lastSyncAt: row.lastSyncAt?.toISOString() ?? null,
    lastSuccessAt: row.lastSuccessAt?.toISOString() ?? null,
    eventCount: row.eventCount,
    lastError: row.lastError,
  };
}

/** A parse failure in the words a guide reads. */
function unreadable(err: CalendarParseError): FeedError {
  return err.message.startsWith('more than')
    ? new FeedError(
        `The calendar holds more than ${MAX_BUSY_PER_CALENDAR.toLocaleString('en-GB')} busy times in the coming year.`,
        'calendar-too-big',
      )
    : new FeedError('The address did not give a readable ICS calendar.', 'calendar-malformed');
}

export function createCalendarImports(deps: {
  repo: CalendarsRepository;
  now: () => number;
  options: Config['calendarImports'];
  /** The guide's slots changed: forget the answers this process keeps. */
  forgetSlots: (guideId: string) => void;
  countHit: HitCounter;
  rateLimitScale: number;
}) {
  const { repo, options } = deps;
  const consume = createRateLimiter(deps.countHit, deps.now);

  /** Fetches and reads one calendar: a new copy, or null when the server says ours is current. */
  async function load(url: string, guideId: string, held?: ImportRow) {
    const fetched = await fetchFeed(url, { ...options, etag: held?.etag, lastModified: held?.lastModified });
    if (fetched.status === 'not-modified') return null;
    const at = deps.now();
    const timeZone = timeZoneForCity(await repo.guideCity(guideId));
    try {
      const { busy, events } = busyTimes(fetched.body, {
        from: new Date(at - DAY_MS),
        to: new Date(at + (MAX_AHEAD_DAYS + 2) * DAY_MS),
        timeZone,
      });
      return { etag: fetched.etag, lastModified: fetched.lastModified, eventCount: events, busy };
    } catch (err) {
      if (err instanceof CalendarParseError) throw unreadable(err);
      throw err;
    }
  }

  async function list(guideId: string): Promise<CalendarImports> {
    return { calendars: (await repo.imports(guideId)).map(toImport) };
  }

  /** One scheduled sync of one calendar; whether it went well. */
  async function sync(row: ImportRow): Promise<boolean> {
    try {
      const copy = await load(row.url, row.guideId, row);
      const at = new Date(deps.now());
      if (copy) await repo.saveCopy(row, at, copy);
      else await repo.keepCopy(row.id, at);
      if (copy) deps.forgetSlots(row.guideId);
      return true;
    } catch (err) {
      const message = err instanceof FeedError ? err.message : 'The calendar could not be read.';
      await repo.saveError(row.id, new Date(deps.now()), message);
      return false;
    }
  }

  return {
    list: (user: SessionUser) => list(user.id),

    /** Adds a calendar after a first sync; an address that fails it is refused (400) and nothing is kept. */
    async add(user: SessionUser, raw: string): Promise<CalendarImports> {
      let url: string;
      try {
        url = feedUrl(raw).toString();
      } catch (err) {
        throw new HttpError(400, (err as FeedError).message, (err as FeedError).code);
      }
      await consume(`calendar-import:${user.id}`, {
        limit: ADDS_PER_HOUR * deps.rateLimitScale,
        windowMs: 3_600_000,
      });
      if (await repo.importByUrl(user.id, url)) {
        throw new HttpError(409, 'You already import this calendar.', 'calendar-import-exists');
      }
      if ((await repo.importCount(user.id)) >= CALENDAR_IMPORTS_MAX) {
        throw new HttpError(
          409,
          `You can import at most ${CALENDAR_IMPORTS_MAX} calendars.`,
          'too-many-calendars',
        );
      }
      let copy: NonNullable<Awaited<ReturnType<typeof load>>>;
      try {
        // No validators yet: a 304 cannot come back.
        copy = (await load(url, user.id))!;
      } catch (err) {
        if (err instanceof FeedError) throw new HttpError(400, err.message, err.code);
        throw err;
      }
      const id = await repo.addImport(user.id, url, new Date(deps.now()), copy);
      if (!id) throw new HttpError(409, 'You already import this calendar.', 'calendar-import-exists');
      deps.forgetSlots(user.id);
      return list(user.id);
    },

    async remove(user: SessionUser, id: string): Promise<CalendarImports> {
      // Another guide's calendar is one that does not exist.
      if (!isUuid(id) || !(await repo.removeImport(user.id, id))) {
        throw new HttpError(404, 'Calendar not found', 'not-found');
      }
      deps.forgetSlots(user.id);
      return list(user.id);
    },

    /** The scheduled turn: every imported calendar fetched again; how many synced well. */
    async syncAll(): Promise<number> {
      const rows = await repo.allImports(SYNC_BATCH);
      let next = 0;
      let good = 0;
      const worker = async () => {
        while (next < rows.length) {
          const row = rows[next++]!;
          if (await sync(row)) good++;
        }
      };
      await Promise.all(Array.from({ length: SYNC_PARALLEL }, worker));
      return good;
    },
  };
}

export type CalendarImportsService = ReturnType<typeof createCalendarImports>;

export const calendarImportsOf = perApp((ctx: AppContext) => {
  const experiences = experiencesOf(ctx);
  return createCalendarImports({
    repo: createCalendarsRepository(ctx.db),
    now: ctx.now,
    options: ctx.config.calendarImports,
    forgetSlots: (guideId) => experiences.forgetSlots(guideId),
    countHit: ctx.countHit,
    rateLimitScale: ctx.config.rateLimitScale,
  });
});
