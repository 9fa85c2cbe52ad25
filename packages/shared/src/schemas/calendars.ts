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

/** The calendar routes, by method and address under /api (docs/product.md#calendars). */
export const calendarsEndpoints = {
  'GET /bookings/:id/calendar.ics': { params: bookingParamsSchema, response: calendarFileSchema },
  'GET /calendar/:file': { params: calendarFeedParamsSchema, response: calendarFileSchema },
  'GET /calendar-feed': { response: calendarFeedSchema },
  'POST /calendar-feed': { response: calendarFeedCreatedSchema },
  'DELETE /calendar-feed': { response: calendarFeedSchema },
} as const satisfies EndpointTable;
