import type { SourceCatalog } from '@lokal/shared/i18n/catalog';
import type { Locale } from '@lokal/shared/i18n/locales';
import de from '@lokal/shared/i18n/messages/de.json';
import en from '@lokal/shared/i18n/messages/en.json';
import es from '@lokal/shared/i18n/messages/es.json';
import fr from '@lokal/shared/i18n/messages/fr.json';
import it from '@lokal/shared/i18n/messages/it.json';
import ja from '@lokal/shared/i18n/messages/ja.json';
import pt from '@lokal/shared/i18n/messages/pt.json';
import { createTranslator, type Translate } from '@lokal/shared/i18n/translate';

// The web app's catalogs (decision 099): e-mails and answers say what the screens say, in the same words.
const SOURCES: Record<Locale, SourceCatalog> = { en, es, fr, de, it, pt, ja };
const made = new Map<Locale, Translate>();

/** The server's messages in one language, compiled on first use. */
export function translatorFor(locale: Locale): Translate {
  let t = made.get(locale);
  if (!t) {
    t = createTranslator(locale, SOURCES[locale]);
    made.set(locale, t);
  }
  return t;
}
