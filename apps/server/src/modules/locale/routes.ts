import { successSchema } from '@lokal/shared/schemas/auth';
import { errorSchema } from '@lokal/shared/schemas/common';
import {
  exchangeRatesResponseSchema,
  updateCitySchema,
  updateCurrencySchema,
  updateLocaleSchema,
  userProfileResponseSchema,
} from '@lokal/shared/schemas/discovery';
import type { Config } from '../../config.ts';
import { setLocaleCookie } from '../../plugins/request-locale.ts';
import { signedInScope } from '../../plugins/sessions.ts';
import type { App } from '../../types.ts';
import type { ModulePlugin } from '../context.ts';
import { type LocaleService, localeOf } from './service.ts';

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema };

export const localeModule: ModulePlugin = async (app, { ctx }) => {
  const service = localeOf(ctx);
  await signedInScope(app, [], (scope) => signedInRoutes(scope, service, ctx.config));
  publicRoutes(app, service);
};

function signedInRoutes(app: App, service: LocaleService, config: Config) {
  app.get(
    '/users/profile',
    {
      schema: {
        tags: ['users'],
        summary: 'City, currency and multiplier (and verified, for guides)',
        response: { 200: userProfileResponseSchema, ...errors },
      },
    },
    async (request) => service.profile(request.user, request.ip),
  );

  app.post(
    '/users/update-city',
    {
      schema: {
        tags: ['users'],
        summary: 'Save my city',
        body: updateCitySchema,
        response: { 200: successSchema, ...errors },
      },
    },
    async (request) => {
      await service.setCity(request.user, request.body.city);
      return { success: true as const };
    },
  );

  app.post(
    '/users/update-currency',
    {
      schema: {
        tags: ['users'],
        summary: "Save my display currency; its multiplier from USD is Lokal's current rate",
        body: updateCurrencySchema,
        response: { 200: successSchema, ...errors },
      },
    },
    async (request) => {
      await service.setCurrency(request.user, request.body.currency);
      return { success: true as const };
    },
  );

  app.post(
    '/users/update-locale',
    {
      schema: {
        tags: ['users'],
        summary: 'Save my language: the app on every device and my e-mails follow it',
        body: updateLocaleSchema,
        response: { 200: successSchema, ...errors },
      },
    },
    async (request, reply) => {
      await service.setLocale(request.user, request.body.locale);
      setLocaleCookie(reply, config, request.body.locale);
      return { success: true as const };
    },
  );
}

function publicRoutes(app: App, service: LocaleService) {
  app.get(
    '/exchange-rates',
    {
      schema: {
        tags: ['users'],
        summary: 'USD-based exchange rates (provider, cached a day, or the shipped table)',
        response: { 200: exchangeRatesResponseSchema },
      },
    },
    async () => service.rates(),
  );
}
