import { z } from 'zod';
import { bookingParamsSchema } from './bookings.ts';
import type { EndpointTable } from './common.ts';

/** An .ics document (text/calendar, RFC 5545), not JSON. */
export const calendarFileSchema = z.string();

/** `<token>.ics`: an unknown or malformed name is a feed that does not exist (404). */
export const calendarFeedParamsSchema = z.object({ file: z.string().max(200) });

/** Whether the member has a feed; its address is only shown when it is made (the token is stored hashed). */
export const calendarFeedSchema = z.object({
  feed: z.object({ createdAt: z.string() }).nullable(),
});
export type CalendarFeed = z.infer<typeof calendarFeedSchema>;

/** A new feed: its secret address, as https and as webcal (what calendar apps subscribe to). */
export const calendarFeedCreatedSchema = z.object({
  feed: z.object({ createdAt: z.string(), url: z.string(), webcalUrl: z.string() }),
});
export type CalendarFeedCreated = z.infer<typeof calendarFeedCreatedSchema>;

/** How many other calendars a guide may import (docs/product.md#calendars). */
export const CALENDAR_IMPORTS_MAX = 10;

/** A guide's other calendar: its address and what its last sync did, the error in words. */
export const calendarImportSchema = z.object({
  id: z.string(),
  url: z.string(),
  createdAt: z.string(),
  lastSyncAt: z.string().nullable(),
  lastSuccessAt: z.string().nullable(),
  eventCount: z.number().int(),
  lastError: z.string().nullable(),
});
export type CalendarImport = z.infer<typeof calendarImportSchema>;

export const calendarImportsSchema = z.object({ calendars: z.array(calendarImportSchema) });
export type CalendarImports = z.infer<typeof calendarImportsSchema>;

/** An ICS address: http(s), or webcal (read as https). The server checks where it leads. */
export const calendarImportInputSchema = z.object({
  url: z
    .string()
    .trim()
    .min(1, 'Enter the ICS address of your calendar')
    .max(2000, 'The address is too long')
    .regex(/^(https?|webcals?):\/\//i, 'Use the http, https or webcal address of an ICS calendar'),
});
export type CalendarImportInput = z.infer<typeof calendarImportInputSchema>;

export const calendarImportParamsSchema = z.object({ id: z.string().max(100) });

/** The calendar routes, by method and address under /api (docs/product.md#calendars). */
export const calendarsEndpoints = {
  'GET /bookings/:id/calendar.ics': { params: bookingParamsSchema, response: calendarFileSchema },
  'GET /calendar/:file': { params: calendarFeedParamsSchema, response: calendarFileSchema },
  'GET /calendar-feed': { response: calendarFeedSchema },
  'POST /calendar-feed': { response: calendarFeedCreatedSchema },
  'DELETE /calendar-feed': { response: calendarFeedSchema },
  'GET /calendar-imports': { response: calendarImportsSchema },
  'POST /calendar-imports': { body: calendarImportInputSchema, response: calendarImportsSchema },
  'DELETE /calendar-imports/:id': { params: calendarImportParamsSchema, response: calendarImportsSchema },
} as const satisfies EndpointTable;
