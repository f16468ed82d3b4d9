import { ToteMessages } from '@karera/shared';
import { ApiError } from '../../../lib/api.ts';
import { errorText } from '../../lib/errors.ts';
import { localizeMessage, type BoT } from '../../i18n/useT.ts';

type ToteMessageKey = keyof typeof ToteMessages;

const keyByText = new Map<string, ToteMessageKey>();
for (const key of Object.keys(ToteMessages)) {
  if (isToteMessageKey(key)) keyByText.set(ToteMessages[key], key);
}

function isToteMessageKey(key: string): key is ToteMessageKey {
  return Object.hasOwn(ToteMessages, key);
}

/** A tote schema or refusal text through the translation; any other text as the other screens show it. */
export function toteText(t: BoT, text: string): string {
  const key = keyByText.get(text);
  return key ? t(`toteMessages.${key}`) : localizeMessage(t, text);
}

/** The one sentence for a failed tote call. */
export function toteErrorText(t: BoT, error: unknown): string {
  if (error instanceof ApiError && keyByText.has(error.message)) return toteText(t, error.message);
  return errorText(t, error);
}
