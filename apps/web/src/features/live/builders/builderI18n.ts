import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { addPageTexts } from '../../../i18n/pageTexts.ts';
import { builderTexts, builderTextsFil } from './builderTexts.ts';

/* The builders' texts join the site's resources under `betBuilders` when the live page's chunk loads. */
const useBuilderTexts = addPageTexts('betBuilders', builderTexts, () => Promise.resolve(builderTextsFil));

type Leaves<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : Leaves<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

export type BuilderKey = Leaves<typeof builderTexts>;

/** t() for the builders' texts: only keys of builderTexts compile. */
export function useBuilderT(): (key: BuilderKey, values?: Record<string, string | number>) => string {
  useBuilderTexts();
  const { t } = useTranslation();
  return useCallback(
    (key, values) => (t as unknown as (key: string, values?: object) => string)(`betBuilders.${key}`, values ?? {}),
    [t],
  );
}
