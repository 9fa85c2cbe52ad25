import { isLocale, LOCALE_COOKIE, type Locale, negotiateLocale } from '@lokal/shared/i18n/locales';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';

const YEAR_S = 365 * 24 * 60 * 60;

/** The language a request asks for (decision 099): the visitor's choice (cookie), else Accept-Language. */
export function requestLocale(request: FastifyRequest): Locale {
  const chosen = request.cookies[LOCALE_COOKIE];
  return isLocale(chosen) ? chosen : negotiateLocale(request.headers['accept-language']);
}

/** The choice as the web app keeps it: readable by the app, sent with every page. */
export function setLocaleCookie(reply: FastifyReply, config: Config, locale: Locale): void {
  reply.setCookie(LOCALE_COOKIE, locale, {
    sameSite: 'lax',
    path: '/',
    secure: config.production,
    maxAge: YEAR_S,
  });
}
