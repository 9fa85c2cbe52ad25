import { successSchema } from '@lokal/shared/schemas/auth';
import { errorSchema } from '@lokal/shared/schemas/common';
import {
  exchangeRatesResponseSchema,
  updateCitySchema,
  updateCurrencySchema,
  userProfileResponseSchema,
} from '@lokal/shared/schemas/discovery';
import { requireUser } from '../../plugins/sessions.ts';
import type { App } from '../../types.ts';
import type { createLocaleService } from './service.ts';

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema };

export function localeRoutes(app: App, service: ReturnType<typeof createLocaleService>) {
  app.get(
    '/api/users/profile',
    {
      onRequest: requireUser(),
      schema: {
        tags: ['users'],
        summary: 'City, currency and multiplier (and verified, for guides)',
        response: { 200: userProfileResponseSchema, ...errors },
      },
    },
    async (request) => service.profile(request.auth!.user, request.ip),
  );

  app.post(
    '/api/users/update-city',
    {
      onRequest: requireUser(),
      schema: {
        tags: ['users'],
        summary: 'Save my city',
        body: updateCitySchema,
        response: { 200: successSchema, ...errors },
      },
    },
    async (request) => {
      await service.setCity(request.auth!.user, request.body.city);
      return { success: true as const };
    },
  );

  app.post(
    '/api/users/update-currency',
    {
      onRequest: requireUser(),
      schema: {
        tags: ['users'],
        summary: 'Save my currency and its multiplier from USD',
        body: updateCurrencySchema,
        response: { 200: successSchema, ...errors },
      },
    },
    async (request) => {
      await service.setCurrency(request.auth!.user, request.body.currency, request.body.multiplier);
      return { success: true as const };
    },
  );

  app.get(
    '/api/exchange-rates',
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
