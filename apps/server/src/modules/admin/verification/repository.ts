import { and, asc, count, eq, type Placeholder, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { ownPhoto } from '../../../db/own-photo.ts';
import { guideAssessments, guideProfiles, identityDocuments } from '../../../db/schema/profiles.ts';
import { users } from '../../../db/schema/users.ts';
import { activeMember } from '../../../db/visibility.ts';
import type { AtCursor } from '../../cursor.ts';
import { type AuditInput, writeAudit } from '../audit/repository.ts';
import { total } from '../console.ts';

// The review queue: guides who finished onboarding and the assessment and wait for staff. Constants written in,
// not bound: a plan made once for any values still sees the status of the queue's partial index.
const waitingAccount = sql<boolean>`(${users.role} = 'guide' and ${activeMember()}
  and ${users.onboardingCompleted} and ${users.personalityTestCompleted})`;
const waiting = sql`${guideProfiles.verificationStatus} = 'pending'`;
const waitingGuide = and(waitingAccount, waiting);

// When the guide first submitted the assessment; the index of the queue holds this very expression.
const waitingSince = sql`coalesce(${guideProfiles.verificationRequestedAt}, ${guideProfiles.createdAt})`;
const gp = guideProfiles;
const d = identityDocuments;

export function createVerificationRepository(db: Db) {
  const waitingCount = () =>
    total(
      db
        .select({ n: count() })
        .from(guideProfiles)
        .innerJoin(users, eq(users.id, guideProfiles.userId))
        .where(waitingGuide),
    );

  // A queued guide's account, document and when the answers were last saved, each looked up by key for the row
  // read (lateral joins; `limit 1` keeps each a look-up per row, which the planner would otherwise turn into a
  // join of whole tables): the answers themselves are read only for a saved version the service has not checked
  // yet, as they are most of a page's size.
  const account = db
    .select({
      email: users.email,
      phone: users.phone,
      phoneVerifiedAt: users.phoneVerifiedAt,
      // The account's check returns its value rather than filtering, so its key is the look-up's only condition.
      waiting: sql<boolean>`${waitingAccount}`.as('waiting'),
    })
    .from(users)
    .where(eq(users.id, gp.userId))
    .limit(1)
    .as('account');
  const document = db
    .select({ mimeType: d.mimeType, size: d.size, uploadedAt: d.uploadedAt, decidedAt: d.decidedAt })
    .from(d)
    .where(eq(d.userId, gp.userId))
    .limit(1)
    .as('document');
  const answers = db
    .select({ savedAt: sql<string>`${guideAssessments.updatedAt}::text`.as('saved_at') })
    .from(guideAssessments)
    .where(eq(guideAssessments.userId, gp.userId))
    .limit(1)
    .as('answers');

  // Ready to verify (docs/product.md#verification), the one definition: what Verify needs (a verified phone and an
  // identity document) and a photo of the guide's own to hold the document against.
  const ready = sql<boolean>`(${account.phone} is not null and ${account.phoneVerifiedAt} is not null
    and ${document.uploadedAt} is not null and ${ownPhoto(gp.image)})`;

  /**
   * A page of the queue after the cursor (values or placeholders), longest waiting first, only the guides ready to
   * verify when `onlyReady`. The page walks guide_profiles_waiting_idx in its order and stops at the page's end;
   * each row's parts are found by key.
   */
  const queueQuery = (
    limit: number | Placeholder,
    cursor: { at: unknown; id: unknown } | null,
    onlyReady = false,
  ) =>
    db
      .select({
        id: gp.userId,
        email: account.email,
        firstName: gp.firstName,
        lastName: gp.lastName,
        image: gp.image,
        city: gp.city,
        country: gp.country,
        profession: gp.profession,
        bio: gp.bio,
        languages: gp.languages,
        specialties: gp.specialties,
        tourTypes: gp.tourTypes,
        gender: gp.gender,
        customGender: gp.customGender,
        pronouns: gp.pronouns,
        socialMedia: gp.socialMedia,
        hideProfile: gp.hideProfile,
        phone: account.phone,
        phoneVerifiedAt: account.phoneVerifiedAt,
        requestedAt: sql`${waitingSince}`.mapWith(gp.createdAt),
        documentMimeType: document.mimeType,
        documentSize: document.size,
        documentUploadedAt: document.uploadedAt,
        documentDecidedAt: document.decidedAt,
        answersSavedAt: answers.savedAt,
        ready: sql<boolean>`coalesce(${ready}, false)`.mapWith(Boolean),
        cursorAt: sql<string>`${waitingSince}::text`,
      })
      .from(gp)
      .innerJoinLateral(account, sql`true`)
      .leftJoinLateral(document, sql`true`)
      .leftJoinLateral(answers, sql`true`)
      .where(
        and(
          waiting,
          sql`${account.waiting}`,
          onlyReady ? ready : undefined,
          cursor
            ? sql`(${waitingSince}, ${gp.userId}) > (${cursor.at}::timestamptz, ${cursor.id}::uuid)`
            : undefined,
        ),
      )
      // Oldest first: whoever has waited longest is reviewed first.
      .orderBy(waitingSince, asc(gp.userId))
      .limit(limit);
  // Every staff visit to the queue reads a page: built once, then only executed.
  const p = sql.placeholder;
  const firstPage = queueQuery(p('limit'), null).prepare('verification_queue_first');
  const laterPage = queueQuery(p('limit'), { at: p('at'), id: p('id') }).prepare('verification_queue_after');
  const firstReady = queueQuery(p('limit'), null, true).prepare('verification_queue_ready_first');
  const laterReady = queueQuery(p('limit'), { at: p('at'), id: p('id') }, true).prepare(
    'verification_queue_ready_after',
  );

  const answersStatement = db
    .select({
      id: guideAssessments.userId,
      answers: guideAssessments.answers,
      savedAt: sql<string>`${guideAssessments.updatedAt}::text`,
    })
    .from(guideAssessments)
    .where(sql`${guideAssessments.userId} = any(${sql.placeholder('ids')}::uuid[])`)
    .prepare('verification_queue_answers');

  return {
    waitingCount,

    /**
     * The statement of a page with its values bound, as `queuePage` runs it: the index test reads its plan
     * (it comes from guide_profiles_waiting_idx, decision 043).
     */
    queueQuery,

    /** A page of the queue after the cursor, longest waiting first by (waiting since, guide id). */
    queuePage(limit: number, cursor: AtCursor | null, onlyReady = false) {
      const [first, later] = onlyReady ? [firstReady, laterReady] : [firstPage, laterPage];
      return cursor ? later.execute({ limit, at: cursor.at, id: cursor.id }) : first.execute({ limit });
    },

    /** The stored answers of these guides, with when each was saved. */
    answersOf(ids: string[]) {
      return answersStatement.execute({ ids });
    },

    async guideForReview(guideId: string) {
      const [row] = await db
        .select({
          id: users.id,
          email: users.email,
          role: users.role,
          onboardingCompleted: users.onboardingCompleted,
          personalityTestCompleted: users.personalityTestCompleted,
          firstName: guideProfiles.firstName,
          lastName: guideProfiles.lastName,
          status: guideProfiles.verificationStatus,
        })
        .from(guideProfiles)
        .innerJoin(users, eq(users.id, guideProfiles.userId))
        .where(eq(guideProfiles.userId, guideId));
      return row ?? null;
    },

    /** The CLI names the guide by address: the account's id when it is a guide's. */
    async guideIdByEmail(email: string): Promise<string | null> {
      const [row] = await db
        .select({ id: users.id, role: users.role })
        .from(users)
        .where(sql`lower(${users.email}) = ${email}`)
        .limit(1);
      return row?.role === 'guide' ? row.id : null;
    },

    /**
     * Records a decision on a guide who is still pending, with its audit row, all or nothing. False when
     * someone else decided first.
     */
    async decide(
      guideId: string,
      change: {
        verified: boolean;
        verificationStatus: 'verified' | 'rejected';
        rejectionReason: string | null;
        verifiedAt: Date | null;
        verifiedBy: string | null;
      },
      audit: AuditInput,
    ): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(guideProfiles)
          .set(change)
          .where(and(eq(guideProfiles.userId, guideId), eq(guideProfiles.verificationStatus, 'pending')))
          .returning({ id: guideProfiles.userId });
        if (!row) return false;
        // The identity document is kept 30 days from the decision (docs/product.md#verification).
        await tx
          .update(identityDocuments)
          .set({ decidedAt: audit.at })
          .where(eq(identityDocuments.userId, guideId));
        await writeAudit(tx, audit);
        return true;
      });
    },
  };
}

export type VerificationRepository = ReturnType<typeof createVerificationRepository>;
