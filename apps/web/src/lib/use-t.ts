import { useLingui } from '@lingui/react';
import type { MessageId, MessageValues } from '@lokal/shared/i18n/catalog';

/**
 * The message of an id in the member's language (decision 099): `t('nav.discover')`,
 * `t('nav.unread', { count })`. A new function each time the language changes, so what calls it renders again.
 */
export function useT(): (id: MessageId, values?: MessageValues) => string {
  return useLingui()._ as (id: MessageId, values?: MessageValues) => string;
}
