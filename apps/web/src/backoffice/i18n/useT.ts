import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { BackofficeMessages, RacingMessages } from '@karera/shared';
import type { BackofficeResources } from './en.ts';
import { BACKOFFICE_NS } from './i18n.ts';

type Leaves<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : Leaves<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

/** Every key of en.ts, e.g. 'players.title'. */
export type BoKey = Leaves<BackofficeResources>;
export type BoT = (key: BoKey, values?: Record<string, string | number>) => string;

type MessageKey = `messages.${keyof typeof BackofficeMessages}` | `racingMessages.${keyof typeof RacingMessages}`;

/** Shared texts (schemas, server refusals) back to their key in en.ts. */
const messageKeys = new Map<string, MessageKey>();
for (const [key, text] of Object.entries(RacingMessages)) {
  messageKeys.set(text, `racingMessages.${key}` as MessageKey);
}
for (const [key, text] of Object.entries(BackofficeMessages)) {
  messageKeys.set(text, `messages.${key}` as MessageKey);
}

/** A typed t(): only keys that exist in en.ts compile. */
export function useT(): BoT {
  const { t } = useTranslation(BACKOFFICE_NS);
  return useCallback<BoT>((key, values) => String(t(key, values ?? {})), [t]);
}

/**
 * A text produced by the shared schemas or sent by the server: shown through the translation when it is
 * one of the known back-office or race-day messages, as is otherwise.
 */
export function localizeMessage(t: BoT, text: string): string {
  const key = messageKeys.get(text);
  return key ? t(key) : text;
}
