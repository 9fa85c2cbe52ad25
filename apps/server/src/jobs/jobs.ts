import { MAGIC_LINK_TTL_MS } from '@lokal/shared/constants/auth';
import { bookingMoneyOf, bookingsServiceOf } from '../modules/bookings/routes.ts';
import { calendarImportsOf } from '../modules/calendars/imports.ts';
import type { AppContext } from '../modules/context.ts';
import { createDiscoveryRepository } from '../modules/discovery/repository.ts';
import { idempotencyOf } from '../modules/idempotency/service.ts';
import { identityOf } from '../modules/identity/service.ts';
import { pushOf } from '../modules/push/service.ts';
import { remindersOf } from '../modules/reminders/service.ts';
import { reviewPublishingOf } from '../modules/reviews/publishing.ts';
import type { Job } from './scheduler.ts';

const MINUTE_MS = 60_000;

/** The app's periodic work, in one list (decision 040); nothing of it runs inside a request. */
export function appJobs(ctx: AppContext): Job[] {
  const discovery = createDiscoveryRepository(ctx.db);
  // Built now: it tells the outbox which reminder e-mails are still wanted, on every instance.
  const reminders = remindersOf(ctx);
  const push = pushOf(ctx);
  return [
    // Reviews whose 14 days ended are published and the ratings refreshed (docs/product.md#reviews).
    { name: 'review-publishing', everyMs: MINUTE_MS, run: () => reviewPublishingOf(ctx)() },
    // Bookings that ended complete; requests unanswered for 24 hours expire (docs/product.md#bookings).
    { name: 'booking-sweep', everyMs: MINUTE_MS, run: () => bookingsServiceOf(ctx).sweep() },
    // Guides' earnings are paid out 24 hours after a booking ended (docs/product.md#payment).
    { name: 'payouts', everyMs: MINUTE_MS, run: () => bookingMoneyOf(ctx).payOut() },
    // The top-3 score of every tourist, which moves with requests, ratings and activity
    // (docs/product.md#top-3-ranking); at start too, for a database just migrated.
    {
      name: 'tourist-ranking',
      everyMs: MINUTE_MS,
      atStart: true,
      run: () => discovery.refreshRankScores(new Date(ctx.now())),
    },
    // Mail that failed is tried again when due, sign-in mail older than its link is given up, old rows go
    // (decision 085). Each instance's worker also runs at once after a commit that wrote mail.
    {
      name: 'mail-sweep',
      everyMs: 10_000,
      atStart: true,
      run: async () => {
        const gaveUp = await ctx.outbox.giveUpOlderThan(
          'sign-in',
          MAGIC_LINK_TTL_MS,
          'The link expired before the mail could be sent',
        );
        return gaveUp + (await ctx.outbox.sweep());
      },
    },
    // Guides' imported calendars are fetched again (docs/product.md#calendars, decision 096).
    { name: 'calendar-imports', everyMs: 15 * MINUTE_MS, run: () => calendarImportsOf(ctx).syncAll() },
    // Reminders before a booking, of a request about to expire and the review prompt, each once (decision 098).
    { name: 'reminders', everyMs: MINUTE_MS, atStart: true, run: () => reminders.run() },
    // Pushes held by quiet hours go out once due; each instance's worker also runs after a commit that wrote one.
    {
      name: 'push-sweep',
      everyMs: 30_000,
      run: async () => {
        await push.drain();
        return 0;
      },
    },
    // Identity documents go 30 days after the staff decision (docs/product.md#verification).
    { name: 'identity-cleanup', everyMs: 60 * MINUTE_MS, run: () => identityOf(ctx).cleanUp() },
    // Idempotency keys are replayed for 24 hours, then go (decision 086).
    { name: 'idempotency-cleanup', everyMs: 60 * MINUTE_MS, run: () => idempotencyOf(ctx).cleanUp() },
  ];
}
