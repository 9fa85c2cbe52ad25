import { z } from 'zod';
import { MESSAGE_MAX, REPORT_REASONS, type ReportReason } from '../constants/chat.ts';
import type { EndpointTable } from './common.ts';
import type { AppNotification } from './notifications.ts';
import { blockBodySchema } from './trust.ts';

export const chatSendSchema = z.object({
  conversationId: z.uuid({ message: 'Unknown conversation' }),
  body: z
    .string()
    .trim()
    .min(1, 'Write a message first')
    .max(MESSAGE_MAX, `Messages are at most ${MESSAGE_MAX} characters`),
  clientId: z.string().trim().min(8).max(64),
});
export type ChatSend = z.infer<typeof chatSendSchema>;

export const openConversationSchema = z.union([
  z.object({ guideId: z.uuid() }).strict(),
  z.object({ touristId: z.uuid() }).strict(),
]);

export const messageSchema = z.object({
  id: z.number(),
  conversationId: z.string(),
  senderId: z.string(),
  /** 'system' records a booking change; shown centred, never masked. */
  kind: z.enum(['text', 'system']),
  bookingId: z.string().nullable(),
  body: z.string(),
  clientId: z.string(),
  createdAt: z.string(),
  readAt: z.string().nullable(),
});
export type ChatMessage = z.infer<typeof messageSchema>;

export const conversationSchema = z.object({
  id: z.string(),
  other: z.object({
    id: z.string(),
    role: z.enum(['tourist', 'guide']),
    name: z.string(),
    /** A guide's page address (/guides/{slug}); null for a tourist. */
    slug: z.string().nullable(),
    image: z.string(),
    place: z.string(),
    rating: z.number(),
    status: z.string().nullable(),
    budget: z.object({ min: z.number(), max: z.number(), currency: z.string() }).nullable(),
    online: z.boolean(),
  }),
  lastMessage: messageSchema.nullable(),
  timestamp: z.string(),
  unread: z.number(),
  /** This user blocked the other party. */
  blockedByMe: z.boolean(),
  /** False when either side blocked the other. */
  canSend: z.boolean(),
  /** The pair has an accepted or completed booking: contact details are no longer masked. */
  detailsShared: z.boolean(),
  /**
   * Where the pair stands (docs/product.md#chat): an accepted booking to come ("booked", its start), else an
   * open request, else the last completed tour; null before any of these.
   */
  booking: z
    .object({
      state: z.enum(['requested', 'booked', 'completed']),
      startAt: z.string(),
      /** The city's zone the date is read in. */
      timeZone: z.string(),
    })
    .nullable(),
  /** Guides only: what this traveller's completed bookings paid, in the guide's currency; null for tourists. */
  earnings: z.object({ amount: z.number(), currency: z.string() }).nullable(),
});
export type Conversation = z.infer<typeof conversationSchema>;

export const reportSchema = z
  .object({
    reason: z.enum(REPORT_REASONS.map((r) => r.value) as [ReportReason, ...ReportReason[]], {
      message: 'Choose a reason',
    }),
    details: z.string().trim().max(1000, 'Keep the details under 1000 characters').default(''),
  })
  .strict();
export type ReportInput = z.input<typeof reportSchema>;

export const conversationParamsSchema = z.object({ id: z.uuid({ message: 'Unknown conversation' }) });

/** Conversations in a page of the list when the client asks no other size. */
export const CONVERSATION_PAGE_SIZE = 30;

export const conversationListQuerySchema = z.object({
  /** Where the previous page ended (its nextCursor). */
  cursor: z.string().max(300).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(CONVERSATION_PAGE_SIZE),
});
export const conversationListSchema = z.object({
  conversations: z.array(conversationSchema),
  /** Guides only: percent of tourists' conversations answered; null before anyone wrote. */
  responseRate: z.number().nullable(),
  /** The next page's cursor (older conversations); null on the last page. */
  nextCursor: z.string().nullable(),
});
export type ConversationList = z.infer<typeof conversationListSchema>;
export const conversationResponseSchema = z.object({ conversation: conversationSchema });
/** The conversation opened (or found). */
export const openedConversationSchema = z.object({ id: z.string() });
/** The report filed. */
export const reportCreatedSchema = z.object({ id: z.string() });
export const unreadTotalSchema = z.object({ total: z.number() });
export const messagePageSchema = z.object({ messages: z.array(messageSchema) });
export type MessagePage = z.infer<typeof messagePageSchema>;
export const sentMessageSchema = z.object({ message: messageSchema });
export const markReadResponseSchema = z.object({ updated: z.number() });

export const historyQuerySchema = z.object({
  before: z.coerce.number().int().positive().optional(),
  after: z.coerce.number().int().min(0).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(30),
});

/** Frames a client sends over /api/ws. */
export const clientFrameSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('send'),
    conversationId: z.uuid(),
    body: chatSendSchema.shape.body,
    clientId: chatSendSchema.shape.clientId,
  }),
  z.object({ type: z.literal('typing'), conversationId: z.uuid() }),
  z.object({ type: z.literal('read'), conversationId: z.uuid() }),
  z.object({ type: z.literal('resume'), conversationId: z.uuid(), after: z.number().int().min(0) }),
]);
export type ClientFrame = z.infer<typeof clientFrameSchema>;

/** Frames the server pushes. */
export type ServerFrame =
  | { type: 'ack'; clientId: string; message: ChatMessage }
  | { type: 'message'; message: ChatMessage }
  /** The reader has read every message of the other party up to the id `upTo`. */
  | { type: 'read'; conversationId: string; readerId: string; at: string; upTo: number }
  | { type: 'typing'; conversationId: string; userId: string }
  | { type: 'presence'; userId: string; online: boolean }
  /** Something about the conversation changed (a block was set or lifted): fetch it again. */
  | { type: 'conversation'; conversationId: string }
  | { type: 'notification'; notification: AppNotification }
  /** A booking changed: lists and figures should be fetched again. */
  | { type: 'booking'; bookingId: string }
  | { type: 'history'; conversationId: string; messages: ChatMessage[] }
  /** This account's sessions ended (Sign out everywhere, a suspension): the socket closes after it. */
  | { type: 'signed-out' }
  | { type: 'error'; message: string; code: string; clientId?: string };

/** The chat routes, by method and address under /api. */
export const chatEndpoints = {
  'GET /chat/conversations': { query: conversationListQuerySchema, response: conversationListSchema },
  'POST /chat/conversations': { body: openConversationSchema, response: openedConversationSchema },
  'GET /chat/conversations/:id': { params: conversationParamsSchema, response: conversationResponseSchema },
  'GET /chat/unread': { response: unreadTotalSchema },
  'POST /chat/conversations/:id/block': {
    params: conversationParamsSchema,
    body: blockBodySchema,
    response: conversationResponseSchema,
  },
  'POST /chat/conversations/:id/unblock': {
    params: conversationParamsSchema,
    response: conversationResponseSchema,
  },
  'POST /chat/conversations/:id/report': {
    params: conversationParamsSchema,
    body: reportSchema,
    response: reportCreatedSchema,
  },
  'GET /chat/conversations/:id/messages': {
    params: conversationParamsSchema,
    query: historyQuerySchema,
    response: messagePageSchema,
  },
  'POST /chat/send': { body: chatSendSchema, response: sentMessageSchema },
  'POST /chat/conversations/:id/read': { params: conversationParamsSchema, response: markReadResponseSchema },
} as const satisfies EndpointTable;
