import { compileMessage } from '@lingui/message-utils/compileMessage';

/** A catalog as translators write it: message id → ICU MessageFormat text (decision 099). */
export type SourceCatalog = Record<string, string>;
/** The same messages compiled once for Lingui's runtime, which then formats without a parser. */
export type CompiledCatalog = Record<string, ReturnType<typeof compileMessage>>;

export function compileCatalog(source: SourceCatalog): CompiledCatalog {
  return Object.fromEntries(Object.entries(source).map(([id, text]) => [id, compileMessage(text)]));
}

/** Every message id: English is the source catalog, and the check keeps the others to the same ids. */
export type MessageId = keyof typeof import('./messages/en.json');
/** Values for a message's arguments (`{name}`, `{count, plural, …}`). */
export type MessageValues = Record<string, string | number | Date>;
