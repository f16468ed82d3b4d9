import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { en } from '../i18n/en.ts';

type MessageKey = keyof typeof en.messages;

function isMessageKey(key: string): key is MessageKey {
  return Object.hasOwn(en.messages, key);
}

// The English texts are the shared catalogue's (PlayerMessages, Messages): the server sends them.
const KEY_BY_TEXT = new Map<string, MessageKey>();
for (const key of Object.keys(en.messages)) {
  if (isMessageKey(key)) KEY_BY_TEXT.set(en.messages[key], key);
}

/**
 * Shows a shared validation or server message in the current language: a text from the shared
 * catalogue goes through i18n under `messages.<key>`, any other server text is shown as returned.
 */
export function useMessageText(): (text: string) => string {
  const { t } = useTranslation();
  return useCallback(
    (text: string) => {
      const key = KEY_BY_TEXT.get(text);
      return key === undefined ? text : t(`messages.${key}`);
    },
    [t],
  );
}
