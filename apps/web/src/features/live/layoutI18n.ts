import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { addPageTexts } from '../../i18n/pageTexts.ts';
import { layoutTexts, layoutTextsFil } from './layoutTexts.ts';

/* The layout's texts join the site's resources under `liveLayout` when the live page's chunk loads. */
const useLayoutTexts = addPageTexts('liveLayout', layoutTexts, () => Promise.resolve(layoutTextsFil));

type Leaves<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : Leaves<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

export type LayoutKey = Leaves<typeof layoutTexts>;

/** t() for the layout's texts: only keys of layoutTexts compile. */
export function useLayoutT(): (key: LayoutKey, values?: Record<string, string | number>) => string {
  useLayoutTexts();
  const { t } = useTranslation();
  return useCallback(
    (key, values) => (t as unknown as (key: string, values?: object) => string)(`liveLayout.${key}`, values ?? {}),
    [t],
  );
}
