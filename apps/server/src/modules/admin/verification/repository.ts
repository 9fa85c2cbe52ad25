import { IDENTITY_DOCUMENT_KEEP_DAYS } from '@lokal/shared/constants/trust';
import { and, asc, count, eq, type Placeholder, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { jsonOf, jsonTimeOf } from '../../../db/json-row.ts';
import { guideAssessments, guideProfiles, identityDocuments } from '../../../db/schema/profiles.ts';
import { users } from '../../../db/schema/users.ts';
import { planOnce } from '../../../db/statement-names.ts';
import { activeMember } from '../../../db/visibility.ts';
import { type AuditInput, writeAudit } from '../audit/repository.ts';
import { type AtCursor, total } from '../console.ts';

// The review queue: guides who finished onboarding and the assessment and wait for staff. Constants written in,
// not bound: a plan made once for any values still sees the status of the queue's partial index.
const waitingAccount = sql<boolean>`(${users.role} = 'guide' and ${activeMember()}
  and ${users.onboardingCompleted} and ${users.personalityTestCompleted})`;
const waiting = sql`${guideProfiles.verificationStatus} = 'pending'`;
const waitingGuide = and(waitingAccount, waiting);

// When the guide first submitted the assessment; the index of the queue holds this very expression.
const waitingSince = sql`coalesce(${guideProfiles.verificationRequestedAt}, ${guideProfiles.createdAt})`;

/**
 * A queued guide as the API sends it (QueueGuide), from its first key to `requestedAt`, as JSON text without
 * the closing brace: the service adds the answers, the document and what is missing (decision 068).
 */
const gp = guideProfiles;
const queueHead = sql<string>`'{"id":"' || ${gp.userId} || '","email":' || ${jsonOf(users.email)}
  || ',"name":' || ${jsonOf(sql`btrim(${gp.firstName} || ' ' || ${gp.lastName})`)}
  || ',"image":' || ${jsonOf(gp.image)} || ',"city":' || ${jsonOf(gp.city)} || ',"country":' || ${jsonOf(gp.country)}
  || ',"profession":' || ${jsonOf(gp.profession)} || ',"bio":' || ${jsonOf(gp.bio)}
  || ',"languages":' || ${jsonOf(gp.languages)} || ',"specialties":' || ${jsonOf(gp.specialties)}
  || ',"tourTypes":' || ${gp.tourTypes}::text
  || ',"gender":' || ${jsonOf(sql`case when ${gp.gender} = 'other' then coalesce(${gp.customGender}, 'other') else ${gp.gender} end`)}
  || ',"pronouns":' || ${jsonOf(gp.pronouns)} || ',"socialMedia":' || ${jsonOf(gp.socialMedia)}
  || ',"hideProfile":' || ${jsonOf(gp.hideProfile)} || ',"phone":' || ${jsonOf(users.phone)}
  || ',"phoneVerifiedAt":' || ${jsonTimeOf(users.phoneVerifiedAt)}
  || ',"requestedAt":' || ${jsonTimeOf(waitingSince)}`;

/** The identity document as the queue shows it (IdentityDocument), kept until 30 days after the decision. */
const d = identityDocuments;
const queueDocument = sql<string>`'{"mimeType":' || ${jsonOf(d.mimeType)} || ',"size":' || ${d.size} || ',"uploadedAt":' || ${jsonTimeOf(d.uploadedAt)}
  || ',"deleteAfter":' || ${jsonTimeOf(sql`${d.decidedAt} + make_interval(hours => ${sql.raw(String(IDENTITY_DOCUMENT_KEEP_DAYS * 24))})`)}
  || '}'`;

// A queued guide's look-ups by key (queueQuery). The account's head starts with the evidence Verify needs, a
// verified phone, as '1' or '0'.
const accountHead = sql<string>`(select case when ${users.phone} is not null and ${users.phoneVerifiedAt} is not null
  then '1' else '0' end || ${queueHead} from ${users} where ${users.id} = ${gp.userId})`;
const documentOf = sql<string | null>`(select ${queueDocument} from ${d} where ${d.userId} = ${gp.userId})`;
// When the guide's answers were last saved: the answers themselves are read only for a saved version the service
// has not checked yet (decision 054), as their text costs more to write than the rest of the row.
const answersSavedAt = sql<string | null>`(select ${guideAssessments.updatedAt}::text
  from ${guideAssessments} where ${guideAssessments.userId} = ${gp.userId})`;

export function createVerificationRepository(db: Db) {
  const waitingCount = () =>
    total(
      db
        .select({ n: count() })
        .from(guideProfiles)
        .innerJoin(users, eq(users.id, guideProfiles.userId))
        .where(waitingGuide),
    );

  /**
   * A page of the queue after the cursor (values or placeholders), longest waiting first. One table in `from`:
   * the account, the answers and the document are looked up by key for each row read, so the only plan there is
   * walks guide_profiles_waiting_idx in its order and stops at the page's end, whatever the statistics say (PGlite
   * keeps none), and it is planned once (decision 075). The account's check returns its value rather than
   * filtering, so its key is the look-up's only condition.
   */
  const queueQuery = (limit: number | Placeholder, cursor: { at: unknown; id: unknown } | null) =>
    db
      .select({
        id: gp.userId,
        // Each look-up nested in its own sql``: a one-table select names its top-level columns without their
        // table, and these must name theirs.
        head: sql<string>`${accountHead}`,
        document: sql<string | null>`${documentOf}`,
        answersSavedAt: sql<string | null>`${answersSavedAt}`,
        cursorAt: sql<string>`${waitingSince}::text`,
      })
      .from(gp)
      .where(
        and(
          waiting,
          sql`(select ${waitingAccount} from ${users} where ${users.id} = ${gp.userId})`,
          cursor
            ? sql`(${waitingSince}, ${gp.userId}) > (${cursor.at}::timestamptz, ${cursor.id}::uuid)`
            : undefined,
        ),
      )
      // Oldest first: whoever has waited longest is reviewed first.
      .orderBy(waitingSince, asc(gp.userId))
      .limit(limit);
  // Every staff visit to the queue reads a page: built once, then only executed (decision 054).
  const p = sql.placeholder;
  const firstPage = planOnce(queueQuery(p('limit'), null), 'verification_queue_first');
  const laterPage = planOnce(
    queueQuery(p('limit'), { at: p('at'), id: p('id') }),
    'verification_queue_after',
  );

  /** A page's rows with the evidence taken apart. */
  const queueRows = (rows: Awaited<ReturnType<typeof firstPage.execute>>) =>
    rows.map((r) => ({
      id: r.id,
      head: r.head.slice(1),
      phoneVerified: r.head.startsWith('1'),
      document: r.document ?? 'null',
      hasDocument: r.document !== null,
      answersSavedAt: r.answersSavedAt,
      cursorAt: r.cursorAt,
    }));
  const answersStatement = db
    .select({
      id: guideAssessments.userId,
      answers: sql<string>`${guideAssessments.answers}::text`,
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
    async queuePage(limit: number, cursor: AtCursor | null) {
      return queueRows(
        await (cursor
          ? laterPage.execute({ limit, at: cursor.at, id: cursor.id })
          : firstPage.execute({ limit })),
      );
    },

    /** The stored answers (as text) of these guides, with when each was saved. */
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
