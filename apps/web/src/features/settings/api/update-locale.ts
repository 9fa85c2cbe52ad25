import type { Locale } from '@lokal/shared/i18n/locales';
import { api } from '../../../lib/api-client.ts';

export const updateLocale = (locale: Locale) => api.post('/users/update-locale', { body: { locale } });
