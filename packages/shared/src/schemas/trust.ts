import { z } from 'zod';
import { DELETE_CONFIRMATION, STAFF_REASON_MAX, TRUST_MESSAGES } from '../constants/trust.ts';
import { successSchema } from './auth.ts';
import type { EndpointTable } from './common.ts';

// Trust and safety: staff actions on accounts, identity documents, and "Your data" (export, deletion).

export const staffActionBodySchema = z.object({
  reason: z
    .string({ message: TRUST_MESSAGES.reasonRequired })
    .trim()
    .min(1, TRUST_MESSAGES.reasonRequired)
    .max(STAFF_REASON_MAX, TRUST_MESSAGES.reasonRequired),
  /** Taken from a report: the audit row names it. */
  reportId: z.uuid().optional(),
});
export type StaffActionBody = z.infer<typeof staffActionBodySchema>;

export const userParamsSchema = z.object({ userId: z.uuid({ message: TRUST_MESSAGES.userNotFound }) });

export const staffActionResponseSchema = z.object({
  id: z.string(),
  suspended: z.boolean(),
  verificationStatus: z.enum(['pending', 'verified', 'rejected']).nullable(),
  /** False when the e-mail could not be sent; the action stands. */
  emailSent: z.boolean(),
});
export type StaffActionResponse = z.infer<typeof staffActionResponseSchema>;

/** The guide's identity document as its owner and staff see it (never its file's name). */
export const identityDocumentSchema = z.object({
  mimeType: z.string(),
  size: z.number().int(),
  uploadedAt: z.string(),
  /** When the file is deleted (30 days after the staff decision); null while no decision. */
  deleteAfter: z.string().nullable(),
});
export type IdentityDocument = z.infer<typeof identityDocumentSchema>;
export const identityDocumentStateSchema = z.object({ document: identityDocumentSchema.nullable() });
export const guideDocumentParamsSchema = z.object({
  guideId: z.uuid({ message: 'No guide with this account' }),
});
/** The file itself (binary). */
export const documentFileSchema = z.any();

export const deleteAccountBodySchema = z.object({
  confirm: z.literal(DELETE_CONFIRMATION, { message: TRUST_MESSAGES.confirmDelete }),
});

export const blockBodySchema = z
  .object({
    /** Required as true when the pair has upcoming bookings: blocking cancels them. */
    cancelBookings: z.boolean().optional(),
  })
  // Older clients send no body at all.
  .nullish();

/** Everything Lokal keeps about the member, as one JSON document (docs/product.md#your-data). */
export const dataExportSchema = z.object({
  exportedAt: z.string(),
  account: z.record(z.string(), z.unknown()),
  profile: z.record(z.string(), z.unknown()).nullable(),
  settings: z.record(z.string(), z.unknown()),
  favorites: z.array(z.record(z.string(), z.unknown())),
  conversations: z.array(
    z.object({
      id: z.string(),
      with: z.string(),
      createdAt: z.string(),
      messagesISent: z.array(
        z.object({ id: z.number(), body: z.string(), kind: z.string(), createdAt: z.string() }),
      ),
    }),
  ),
  bookings: z.array(z.record(z.string(), z.unknown())),
  reviews: z.array(z.record(z.string(), z.unknown())),
  notifications: z.array(z.record(z.string(), z.unknown())),
  identityDocument: identityDocumentSchema.nullable(),
});
export type DataExport = z.infer<typeof dataExportSchema>;

/**
 * What a guide still has to do before travellers can book them (docs/product.md#guide-screens): each step done
 * or not, from the server's own records, and the booking requests waiting for an answer.
 */
export const guideActivationSchema = z.object({
  /** Staff verified the guide (the identity document is then no longer needed). */
  verified: z.boolean(),
  /** An identity document is uploaded for staff (or the guide is already verified). */
  document: z.boolean(),
  /** A profile photo of the guide's own, not the drawn avatar. */
  photo: z.boolean(),
  /** At least one published experience. */
  experience: z.boolean(),
  /** At least one weekly time range in the availability. */
  hours: z.boolean(),
  /** Booking requests the guide has not answered yet. */
  waitingRequests: z.number().int().min(0),
});
export type GuideActivation = z.infer<typeof guideActivationSchema>;

const staffAction = {
  params: userParamsSchema,
  body: staffActionBodySchema,
  response: staffActionResponseSchema,
};

export const trustEndpoints = {
  'POST /admin/users/:userId/warn': staffAction,
  'POST /admin/users/:userId/suspend': staffAction,
  'POST /admin/users/:userId/reinstate': staffAction,
  'POST /admin/users/:userId/unverify': staffAction,
  'GET /admin/verifications/:guideId/document': {
    params: guideDocumentParamsSchema,
    response: documentFileSchema,
  },
  'GET /guides/me/activation': { response: guideActivationSchema },
  'GET /guides/me/identity-document': { response: identityDocumentStateSchema },
  'POST /guides/me/identity-document': { response: identityDocumentStateSchema },
  'GET /guides/me/identity-document/file': { response: documentFileSchema },
  'GET /users/settings/export': { response: dataExportSchema },
  'POST /users/settings/delete-account': { body: deleteAccountBodySchema, response: successSchema },
} as const satisfies EndpointTable;
