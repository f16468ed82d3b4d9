import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import type { BetTypeDefinition, Race } from '@karera/shared';
import { useChipStrip } from './useChipStrip.ts';

interface BetTypeTabsProps {
  types: readonly BetTypeDefinition[];
  selected: string;
  onSelect: (code: string) => void;
}

/** The bet types the open race offers, a scrolling strip kept on the pressed one, which drives the bet slip. */
export const BetTypeTabs = memo(function BetTypeTabs({ types, selected, onSelect }: BetTypeTabsProps) {
  const { t } = useTranslation();
  const strip = useChipStrip<HTMLDivElement>(selected);
  return (
    <div
      ref={strip}
      className="bet-types chip-strip"
      role="group"
      aria-label={t('live.betTypes')}
      data-testid="bet-types"
    >
      {types.map((type) => (
        <button
          key={type.code}
          type="button"
          className="bet-types__tab"
          aria-pressed={type.code === selected}
          data-code={type.code}
          onClick={() => onSelect(type.code)}
        >
          {type.name}
        </button>
      ))}
    </div>
  );
}, sameTypeTabs);

/** The strip shows the types' codes and names: a new list of the same types (odds moved) leaves it as it is. */
function sameTypeTabs(before: BetTypeTabsProps, after: BetTypeTabsProps): boolean {
  return (
    before.selected === after.selected &&
    before.onSelect === after.onSelect &&
    before.types.length === after.types.length &&
    before.types.every((type, i) => type.code === after.types[i]?.code && type.name === after.types[i]?.name)
  );
}

/** The races of a multi-race ticket; the pressed one shows its runners and takes the picks. */
export function LegTabs({
  legs,
  selected,
  onSelect,
}: {
  legs: readonly Race[];
  selected: number;
  onSelect: (leg: number) => void;
}) {
  const { t } = useTranslation();
  const strip = useChipStrip<HTMLDivElement>(selected);
  return (
    <div
      ref={strip}
      className="bet-types bet-types--legs chip-strip"
      role="group"
      aria-label={t('live.slip.legs')}
      data-testid="leg-tabs"
    >
      {legs.map((leg, index) => (
        <button
          key={leg.raceId}
          type="button"
          className="bet-types__tab"
          aria-pressed={index === selected}
          onClick={() => onSelect(index)}
        >
          {t('live.slip.leg', { raceNo: leg.raceNo })}
        </button>
      ))}
    </div>
  );
}
