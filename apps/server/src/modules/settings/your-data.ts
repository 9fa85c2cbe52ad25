import { TRUST_MESSAGES } from '@lokal/shared/constants/trust';
import type { Booking } from '@lokal/shared/schemas/bookings';
import { uploadParamsSchema } from '@lokal/shared/schemas/discovery';
import type { DataExport } from '@lokal/shared/schemas/trust';
import { HttpError } from '../../plugins/errors.ts';
import type { SessionUser } from '../../plugins/sessions.ts';
import { type FileStore, uploadKey } from '../../plugins/storage.ts';
import type { SettingsService } from './service.ts';
import type { YourDataRepository } from './your-data-repository.ts';

const UPLOAD_PREFIX = '/api/uploads/';
/** The audit log's actor for what members do to their own account. */
const SELF = 'member (self)';

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const fromEntries = (o: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(o).map(([k, v]) => [k, v instanceof Date ? v.toISOString() : v]));

/** Download everything, and delete the account (docs/product.md#your-data). */
export function createYourDataService(deps: {
  repo: YourDataRepository;
  settings: Pick<SettingsService, 'read'>;
  bookings: {
    firstOf: (user: SessionUser, scope: 'upcoming' | 'past' | 'cancelled') => Promise<Booking[]>;
    cancelUpcoming: (user: SessionUser, otherId: string | undefined, reason: string) => Promise<unknown>;
  };
  identity: {
    state: (userId: string) => Promise<{ document: DataExport['identityDocument'] }>;
    remove: (userId: string) => Promise<void>;
  };
  files: FileStore;
  now: () => number;
  /** Ends the member's open sockets on every instance. */
  signOutSockets: (userId: string) => Promise<void>;
  forgetSendRules: () => void;
}) {
  const { repo, now } = deps;

  return {
    async exportData(user: SessionUser): Promise<DataExport> {
      const row = await repo.account(user.id);
      if (!row) throw new HttpError(401, 'User not authenticated', 'unauthenticated');
      const u = row.user;
      const [settings, favorites, convs, upcoming, past, cancelled, reviews, notifications, identity] =
        await Promise.all([
          deps.settings.read(user),
          repo.favorites(user.id),
          repo.conversations(user.id),
          deps.bookings.firstOf(user, 'upcoming'),
          deps.bookings.firstOf(user, 'past'),
          deps.bookings.firstOf(user, 'cancelled'),
          repo.reviews(user.id),
          repo.notifications(user.id),
          deps.identity.state(user.id),
        ]);
      const {
        searchText: _s,
        verifiedBy: _v,
        showcaseRank: _g,
        ...guide
      } = row.guide ?? ({} as Record<string, unknown>);
      const {
        showcaseRank: _t,
        acceptanceRate: _a,
        requestsLast30Days: _r,
        ...tourist
      } = row.tourist ?? ({} as Record<string, unknown>);
      const profile = row.guide ? fromEntries(guide) : row.tourist ? fromEntries(tourist) : null;
      // The other party's own words (a note to the guide, their reason for cancelling) are theirs, not the member's.
      const mine = (b: Booking) => {
        const isGuide = b.guide.id === user.id;
        const other = isGuide ? b.tourist : b.guide;
        const cancelledByMe = b.cancelledBy === (isGuide ? 'guide' : 'tourist');
        return {
          id: b.id,
          as: isGuide ? 'guide' : 'tourist',
          with: other.name,
          tourName: b.tourName,
          status: b.status,
          startAt: b.startAt,
          endAt: b.endAt,
          timeZone: b.timeZone,
          city: b.city,
          partySize: b.partySize,
          guideTotal: b.guideTotal,
          guideCurrency: b.guideCurrency,
          totalLocal: b.totalLocal,
          currency: b.currency,
          cancellationPolicy: b.cancellationPolicy,
          refundAmount: b.refundAmount,
          note: isGuide ? null : b.note,
          cancelledBy: b.cancelledBy,
          cancelReason: cancelledByMe ? b.cancelReason : null,
          createdAt: b.createdAt,
        };
      };
      const data: DataExport = {
        exportedAt: new Date(now()).toISOString(),
        account: {
          id: u.id,
          email: u.email,
          role: u.role,
          displayName: u.displayName,
          phone: u.phone,
          phoneVerifiedAt: iso(u.phoneVerifiedAt),
          city: u.city,
          currency: u.currency,
          createdAt: iso(u.createdAt),
          lastActiveAt: iso(u.lastActiveAt),
        },
        profile,
        settings: settings as unknown as Record<string, unknown>,
        favorites: favorites.map(fromEntries),
        conversations: convs.rows.map((c) => ({
          id: c.id,
          with: c.other,
          createdAt: c.createdAt.toISOString(),
          messagesISent: convs.sent
            .filter((m) => m.conversationId === c.id)
            .map((m) => ({
              id: Number(m.id),
              body: m.body,
              kind: m.kind,
              createdAt: m.createdAt.toISOString(),
            })),
        })),
        bookings: [...upcoming, ...past, ...cancelled].map(mine),
        reviews: reviews.map((r) => ({
          bookingId: r.bookingId,
          written: r.authorId === user.id ? 'by me' : 'about me',
          rating: r.rating,
          text: r.text,
          createdAt: r.createdAt.toISOString(),
          publishedAt: iso(r.publishedAt),
        })),
        notifications: notifications.map(fromEntries),
        identityDocument: identity.document,
      };
      await repo.audit({
        actorId: user.id,
        actorEmail: SELF,
        action: 'account.export',
        targetType: 'user',
        targetId: user.id,
        details: {},
        createdAt: new Date(now()),
      });
      return data;
    },

    async deleteAccount(user: SessionUser): Promise<void> {
      // Upcoming bookings end first, with notice to the other side, under the policy's refund rules.
      await deps.bookings.cancelUpcoming(user, undefined, TRUST_MESSAGES.deleteCancelReason);
      const at = new Date(now());
      const photos = await repo.anonymize(user.id, at, {
        actorId: user.id,
        actorEmail: SELF,
        action: 'account.delete',
        targetType: 'user',
        targetId: user.id,
        details: { role: user.role },
        createdAt: at,
      });
      for (const p of photos) {
        const name = p.startsWith(UPLOAD_PREFIX) ? p.slice(UPLOAD_PREFIX.length) : null;
        if (name && uploadParamsSchema.shape.file.safeParse(name).success)
          await deps.files.delete(uploadKey(name));
      }
      await deps.identity.remove(user.id);
      deps.forgetSendRules();
      await deps.signOutSockets(user.id);
    },
  };
}

export type YourDataService = ReturnType<typeof createYourDataService>;
