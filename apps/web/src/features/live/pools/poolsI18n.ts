import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { addPageTexts } from '../../../i18n/pageTexts.ts';
import { poolsTexts } from './poolsTexts.ts';

const usePageTexts = addPageTexts('livePools', poolsTexts, () =>
  import('./poolsTexts.fil.ts').then((module) => module.poolsTextsFil),
);

type Leaves<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : Leaves<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

export type PoolsKey = Leaves<typeof poolsTexts>;
export type PoolsT = (key: PoolsKey, values?: Record<string, string | number>) => string;

/** t() for the pools panel's texts: only keys of poolsTexts compile. */
export function usePoolsT(): PoolsT {
  usePageTexts();
  const { t } = useTranslation();
  return useCallback(
    (key, values) => (t as unknown as (key: string, values?: object) => string)(`livePools.${key}`, values ?? {}),
    [t],
  );
}
