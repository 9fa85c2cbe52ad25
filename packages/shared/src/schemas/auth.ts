import { z } from 'zod';
import type { EndpointTable } from './common.ts';

export const userTypeSchema = z.enum(['tourist', 'guide']);
export type UserType = z.infer<typeof userTypeSchema>;
export const roleSchema = z.enum(['tourist', 'guide', 'staff']);
export type Role = z.infer<typeof roleSchema>;

/** E-mails are compared lower-cased and trimmed everywhere (docs/product.md#sign-in). */
export const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(254)
  .pipe(z.email({ message: 'Please enter a valid email address' }));

export const requestLinkBodySchema = z.object({
  email: emailSchema,
  userType: userTypeSchema,
  /** Where to go after signing in (a guide or experience page); the server keeps it only if it is safe. */
  redirect: z.string().max(2048).optional(),
});
export type RequestLinkBody = z.infer<typeof requestLinkBodySchema>;
export const requestLinkResponseSchema = z.object({ success: z.literal(true), message: z.string() });

export const verifyBodySchema = z.object({
  token: z.string().min(1).max(200),
  email: emailSchema,
  userType: userTypeSchema.optional(),
});
export type VerifyBody = z.infer<typeof verifyBodySchema>;

/** A sign-in link as its page holds it: the token, the address in the link and the door (role) it opened. */
export const linkBodySchema = z.object({
  token: z.string().min(1).max(200),
  email: emailSchema,
  role: roleSchema,
});
export type LinkBody = z.infer<typeof linkBodySchema>;
/** What a link is, without using it (docs/product.md#sign-in). */
export const linkStateSchema = z.enum(['valid', 'expired', 'used', 'unknown']);
export type LinkState = z.infer<typeof linkStateSchema>;
export const linkStatusResponseSchema = z.object({ state: linkStateSchema });

export const betaRequestBodySchema = z.object({ email: emailSchema, userType: userTypeSchema });

export const statusUserSchema = z.object({
  id: z.string(),
  role: roleSchema,
  userType: roleSchema,
  email: z.string(),
  displayName: z.string().nullable(),
  onboardingCompleted: z.boolean(),
  personalityTestCompleted: z.boolean().optional(),
});
export const statusResponseSchema = z.object({ success: z.literal(true), user: statusUserSchema });
export type StatusResponse = z.infer<typeof statusResponseSchema>;
export type StatusUser = z.infer<typeof statusUserSchema>;
export const sessionResponseSchema = z.object({ user: statusUserSchema.nullable() });
export type SessionResponse = z.infer<typeof sessionResponseSchema>;

export const successSchema = z.object({ success: z.literal(true) });

/** Development-only mock sign-in: the e-mail is deliberately not validated (docs/product.md#development-panel). */
export const mockSignInBodySchema = z.object({
  email: z.string().trim().min(1).max(254),
  userType: userTypeSchema,
});
export const mockSignInResponseSchema = statusResponseSchema.extend({
  mockUser: z.object({ uid: z.string(), email: z.string(), displayName: z.string() }),
});

/** The sign-in routes, by method and address under /api. */
export const authEndpoints = {
  'POST /auth/request-link': { body: requestLinkBodySchema, response: requestLinkResponseSchema },
  'POST /auth/beta-request': { body: betaRequestBodySchema, response: successSchema },
  'POST /auth/verify': { body: verifyBodySchema, response: statusResponseSchema },
  'POST /auth/link-status': { body: linkBodySchema, response: linkStatusResponseSchema },
  'POST /auth/resend-link': { body: linkBodySchema, response: requestLinkResponseSchema },
  'POST /auth/sign-out': { response: successSchema },
  'GET /auth/session': { response: sessionResponseSchema },
  'GET /users/status': { response: statusResponseSchema },
  /** Development only: absent in production. */
  'POST /dev/mock-sign-in': { body: mockSignInBodySchema, response: mockSignInResponseSchema },
} as const satisfies EndpointTable;
