import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { BET_TYPES, type BetTypeDefinition } from '@karera/shared';

/** A bet type's rule in the site's language (the shared bet types carry the English). */
export function useBetTypeRule(): (type: Pick<BetTypeDefinition, 'code' | 'rule'>) => string {
  const { t } = useTranslation();
  return useCallback(
    (type) => {
      const code = BET_TYPES.find((known) => known.code === type.code)?.code;
      return code === undefined ? type.rule : t(`betTypeRules.${code}`);
    },
    [t],
  );
}
