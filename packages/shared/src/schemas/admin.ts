import { z } from 'zod';
import { ADMIN_MESSAGES, ADMIN_PAGE_SIZE, REJECTION_REASON_MAX, RESOLUTION_MAX } from '../constants/admin.ts';
import {
  emailSchema,
  requestLinkResponseSchema,
  roleSchema,
  statusResponseSchema,
  successSchema,
  userTypeSchema,
} from './auth.ts';
import type { EndpointTable } from './common.ts';
import { assessmentSchema } from './onboarding.ts';
import { identityDocumentSchema } from './trust.ts';

// The staff console's calls (docs/product.md#verification). Dates travel as ISO strings.

export const staffLinkBodySchema = z.object({ email: emailSchema });
export const staffVerifyBodySchema = z.object({ token: z.string().min(1).max(200), email: emailSchema });

export const verificationStatusSchema = z.enum(['pending', 'verified', 'rejected']);
export type VerificationStatus = z.infer<typeof verificationStatusSchema>;

// Every console list comes a page at a time with a keyset cursor, like the app's lists (decision 043).
const page = {
  /** Where the previous page ended (its nextCursor). */
  cursor: z.string().max(400).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(ADMIN_PAGE_SIZE),
};
const search = z.string().trim().max(254).default('');
export const pageQuerySchema = z.object(page);

/** The next page's cursor; null on the last page. */
const paged = { nextCursor: z.string().nullable() };

// --- Verification queue ---

export const queueGuideSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  image: z.string(),
  city: z.string(),
  country: z.string(),
  profession: z.string(),
  bio: z.string(),
  languages: z.array(z.string()),
  specialties: z.array(z.string()),
  /** `price` in USD; `amount` in the guide's `currency` (absent on offers from before experiences). */
  tourTypes: z.array(
    z.object({
      name: z.string(),
      duration: z.string(),
      price: z.number(),
      amount: z.number().optional(),
      currency: z.string().optional(),
    }),
  ),
  gender: z.string().nullable(),
  pronouns: z.string().nullable(),
  socialMedia: z.string().nullable(),
  hideProfile: z.boolean(),
  phone: z.string().nullable(),
  phoneVerifiedAt: z.string().nullable(),
  /** When the guide finished the assessment: the waiting time runs from here. */
  requestedAt: z.string(),
  assessment: assessmentSchema.nullable(),
  /** The uploaded identity document (staff open it through its own route), or null. */
  document: identityDocumentSchema.nullable(),
  /** What Verify still needs (a verified phone, an identity document); empty when it can go. */
  missing: z.array(z.string()),
  /** Ready to verify: nothing missing, and a photo of the guide's own (the server's one definition). */
  ready: z.boolean(),
});
export type QueueGuide = z.infer<typeof queueGuideSchema>;
/** The queue's filters: the guides ready to verify, or every waiting guide. */
export const QUEUE_FILTERS = ['ready', 'all'] as const;
export type QueueFilter = (typeof QUEUE_FILTERS)[number];
export const queueQuerySchema = z.object({ ...page, filter: z.enum(QUEUE_FILTERS).default('all') });
export const queueResponseSchema = z.object({ guides: z.array(queueGuideSchema), ...paged });
export type QueueResponse = z.infer<typeof queueResponseSchema>;

export const guideParamsSchema = z.object({ guideId: z.uuid({ message: ADMIN_MESSAGES.guideNotFound }) });
export const rejectBodySchema = z.object({
  reason: z
    .string({ message: ADMIN_MESSAGES.reasonRequired })
    .trim()
    .min(1, ADMIN_MESSAGES.reasonRequired)
    .max(REJECTION_REASON_MAX, ADMIN_MESSAGES.reasonRequired),
});
export type RejectBody = z.infer<typeof rejectBodySchema>;
export const decisionResponseSchema = z.object({
  id: z.string(),
  status: verificationStatusSchema,
  /** False when the decision stands but the e-mail to the guide failed. */
  emailSent: z.boolean(),
});
export type DecisionResponse = z.infer<typeof decisionResponseSchema>;

// --- Invites ---

export const inviteSchema = z.object({
  email: z.string(),
  source: z.string(),
  createdAt: z.string(),
  /** The role of the account this address already has, if any. */
  accountRole: roleSchema.nullable(),
});
export type Invite = z.infer<typeof inviteSchema>;
export const invitesQuerySchema = z.object({ ...page, q: search });
export const invitesResponseSchema = z.object({ invites: z.array(inviteSchema), ...paged });
export type InvitesResponse = z.infer<typeof invitesResponseSchema>;
export const inviteBodySchema = z.object({ email: emailSchema });
export const inviteParamsSchema = z.object({ email: emailSchema });

// --- Waitlist (the Beta Access dialog's requests) ---

export const waitlistEntrySchema = z.object({
  /** The newest request of this address. */
  id: z.string(),
  email: z.string(),
  role: userTypeSchema,
  requestedAt: z.string(),
  firstRequestedAt: z.string(),
  requests: z.number().int(),
});
export type WaitlistEntry = z.infer<typeof waitlistEntrySchema>;
export const waitlistResponseSchema = z.object({ entries: z.array(waitlistEntrySchema), ...paged });
export type WaitlistResponse = z.infer<typeof waitlistResponseSchema>;
export const waitlistParamsSchema = z.object({ id: z.uuid({ message: ADMIN_MESSAGES.waitlistNotFound }) });
export const waitlistInviteResponseSchema = z.object({ email: z.string(), role: userTypeSchema });

// --- Reports from chat ---

const personSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: roleSchema,
  /** Suspended by staff (docs/product.md#staff-actions). */
  suspended: z.boolean(),
});
export const adminReportSchema = z.object({
  id: z.string(),
  reason: z.string(),
  details: z.string(),
  createdAt: z.string(),
  reporter: personSchema,
  reported: personSchema,
  conversationId: z.string().nullable(),
  /** The conversation's latest messages, oldest first. */
  messages: z.array(
    z.object({
      id: z.number(),
      senderId: z.string(),
      body: z.string(),
      kind: z.string(),
      createdAt: z.string(),
    }),
  ),
  resolvedAt: z.string().nullable(),
  resolvedBy: z.string().nullable(),
  resolution: z.string().nullable(),
});
export type AdminReport = z.infer<typeof adminReportSchema>;
export const reportsQuerySchema = z.object({ ...page, status: z.enum(['open', 'resolved']).default('open') });
export const reportsResponseSchema = z.object({ reports: z.array(adminReportSchema), ...paged });
export type ReportsResponse = z.infer<typeof reportsResponseSchema>;
export const reportParamsSchema = z.object({ id: z.uuid({ message: ADMIN_MESSAGES.reportNotFound }) });
export const resolveBodySchema = z.object({
  resolution: z
    .string({ message: ADMIN_MESSAGES.resolutionRequired })
    .trim()
    .min(1, ADMIN_MESSAGES.resolutionRequired)
    .max(RESOLUTION_MAX, ADMIN_MESSAGES.resolutionRequired),
});
export type ResolveBody = z.infer<typeof resolveBodySchema>;

// --- Users ---

export const usersQuerySchema = z.object({ ...page, q: search, role: roleSchema.optional() });
export const adminUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string().nullable(),
  role: roleSchema,
  onboardingCompleted: z.boolean(),
  personalityTestCompleted: z.boolean(),
  /** Guides only. */
  verificationStatus: verificationStatusSchema.nullable(),
  /** Set while staff keep the account suspended (docs/product.md#staff-actions). */
  suspendedAt: z.string().nullable(),
  suspensionReason: z.string().nullable(),
  deleted: z.boolean(),
  createdAt: z.string(),
  lastActiveAt: z.string(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;
export const usersResponseSchema = z.object({ users: z.array(adminUserSchema), ...paged });
export type UsersResponse = z.infer<typeof usersResponseSchema>;

// --- Audit log ---

export const auditEntrySchema = z.object({
  id: z.string(),
  actorId: z.string().nullable(),
  actorEmail: z.string(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string(),
  details: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export const auditResponseSchema = z.object({ entries: z.array(auditEntrySchema), ...paged });
export type AuditResponse = z.infer<typeof auditResponseSchema>;

// --- Outbox (mail that has not left, decision 085) ---

export const outboxItemSchema = z.object({
  id: z.string(),
  /** 'sign-in', 'notification', 'invitation', 'account', 'verification'. */
  kind: z.string(),
  /** The address with most of its local part hidden: `j•••@example.com`. */
  recipient: z.string(),
  status: z.enum(['pending', 'failed']),
  attempts: z.number().int(),
  /** The last failure in words, or null when no try has failed yet. */
  lastError: z.string().nullable(),
  /** When the next try is due; null once given up. */
  nextAttemptAt: z.string().nullable(),
  createdAt: z.string(),
});
export type OutboxItem = z.infer<typeof outboxItemSchema>;
export const outboxResponseSchema = z.object({ items: z.array(outboxItemSchema) });
export type OutboxResponse = z.infer<typeof outboxResponseSchema>;

/** What waits for staff: the console's tab badges. */
export const summaryResponseSchema = z.object({
  pendingVerifications: z.number().int(),
  waitlist: z.number().int(),
  openReports: z.number().int(),
});
export type AdminSummary = z.infer<typeof summaryResponseSchema>;

/** The staff console's routes, by method and address under /api. */
export const adminEndpoints = {
  'GET /admin/summary': { response: summaryResponseSchema },
  'GET /admin/verifications': { query: queueQuerySchema, response: queueResponseSchema },
  'POST /admin/verifications/:guideId/verify': {
    params: guideParamsSchema,
    response: decisionResponseSchema,
  },
  'POST /admin/verifications/:guideId/reject': {
    params: guideParamsSchema,
    body: rejectBodySchema,
    response: decisionResponseSchema,
  },
  'GET /admin/invites': { query: invitesQuerySchema, response: invitesResponseSchema },
  'POST /admin/invites': { body: inviteBodySchema, response: inviteSchema },
  'DELETE /admin/invites/:email': { params: inviteParamsSchema, response: successSchema },
  'GET /admin/waitlist': { query: pageQuerySchema, response: waitlistResponseSchema },
  'POST /admin/waitlist/:id/invite': { params: waitlistParamsSchema, response: waitlistInviteResponseSchema },
  'POST /admin/waitlist/:id/dismiss': { params: waitlistParamsSchema, response: successSchema },
  'GET /admin/reports': { query: reportsQuerySchema, response: reportsResponseSchema },
  'POST /admin/reports/:id/resolve': {
    params: reportParamsSchema,
    body: resolveBodySchema,
    response: successSchema,
  },
  'GET /admin/users': { query: usersQuerySchema, response: usersResponseSchema },
  'GET /admin/audit': { query: pageQuerySchema, response: auditResponseSchema },
  'GET /admin/outbox': { response: outboxResponseSchema },
} as const satisfies EndpointTable;

/** The staff sign-in, beside the console it opens. */
export const staffAuthEndpoints = {
  'POST /auth/staff/request-link': { body: staffLinkBodySchema, response: requestLinkResponseSchema },
  'POST /auth/staff/verify': { body: staffVerifyBodySchema, response: statusResponseSchema },
} as const satisfies EndpointTable;
