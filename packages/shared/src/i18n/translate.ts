import { setupI18n } from '@lingui/core';
import { compileCatalog, type MessageId, type MessageValues, type SourceCatalog } from './catalog.ts';
import type { Locale } from './locales.ts';

export type Translate = (id: MessageId, values?: MessageValues) => string;

/** A message formatter of one language, for code outside React (the server's e-mails and errors, tests). */
export function createTranslator(locale: Locale, source: SourceCatalog): Translate {
  const i18n = setupI18n({ locale, messages: { [locale]: compileCatalog(source) } });
  return (id, values) => i18n._(id, values);
}
