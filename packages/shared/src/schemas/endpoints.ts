import type { z } from 'zod';
import { adminEndpoints, staffAuthEndpoints } from './admin.ts';
import { authEndpoints } from './auth.ts';
import { bookingsEndpoints } from './bookings.ts';
import { calendarsEndpoints } from './calendars.ts';
import { chatEndpoints } from './chat.ts';
import { systemEndpoints } from './common.ts';
import { discoveryEndpoints } from './discovery.ts';
import { experiencesEndpoints } from './experiences.ts';
import { guidePagesEndpoints } from './guide-pages.ts';
import { mediaEndpoints } from './media.ts';
import { notificationsEndpoints } from './notifications.ts';
import { onboardingEndpoints } from './onboarding.ts';
import { pushEndpoints } from './push.ts';
import { reviewsEndpoints } from './reviews.ts';
import { settingsEndpoints } from './settings.ts';
import { showcaseEndpoints } from './showcase.ts';
import { travelStyleEndpoints } from './travel-style.ts';
import { trustEndpoints } from './trust.ts';

/**
 * The whole API contract: every route, by "METHOD /address" under /api. The server's routes declare the same
 * schemas (a test holds the two together); the web imports this only as a type, so no schema reaches its
 * bundle through it.
 */
export const apiEndpoints = {
  ...systemEndpoints,
  ...authEndpoints,
  ...staffAuthEndpoints,
  ...adminEndpoints,
  ...onboardingEndpoints,
  ...discoveryEndpoints,
  ...experiencesEndpoints,
  ...guidePagesEndpoints,
  ...bookingsEndpoints,
  ...calendarsEndpoints,
  ...reviewsEndpoints,
  ...chatEndpoints,
  ...notificationsEndpoints,
  ...pushEndpoints,
  ...settingsEndpoints,
  ...showcaseEndpoints,
  ...mediaEndpoints,
  ...travelStyleEndpoints,
  ...trustEndpoints,
};
export type ApiEndpoints = typeof apiEndpoints;
export type EndpointKey = keyof ApiEndpoints;
type Method = EndpointKey extends `${infer M} ${string}` ? M : never;

/** The addresses a method serves, e.g. ApiPath<'GET'> includes '/chat/conversations/:id'. */
export type ApiPath<M extends Method> = EndpointKey extends infer K
  ? K extends `${M} ${infer P}`
    ? P
    : never
  : never;
type Entry<M extends Method, P extends ApiPath<M>> = ApiEndpoints[`${M} ${P}` & EndpointKey];

/** What a call answers on success, as the server's schema outputs it. */
export type ApiResponse<M extends Method, P extends ApiPath<M>> = z.output<Entry<M, P>['response']>;
/** The JSON body a call sends, as the route's schema accepts it. */
export type ApiBody<M extends Method, P extends ApiPath<M>> =
  Entry<M, P> extends { body: z.ZodType } ? z.input<Entry<M, P>['body']> : undefined;
/** The query a call sends, as the route's schema accepts it. */
export type ApiQueryOf<M extends Method, P extends ApiPath<M>> =
  Entry<M, P> extends { query: z.ZodType } ? z.input<Entry<M, P>['query']> : undefined;

/** The `:name` parameters of an address, as strings. */
export type PathParams<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? { [K in Name]: string } & PathParams<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? { [K in Name]: string }
    : Record<never, never>;
