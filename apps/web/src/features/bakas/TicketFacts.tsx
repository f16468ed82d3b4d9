import { betTypeName, formatPeso } from '@karera/shared';
import { useBakasT } from './bakasI18n.ts';

interface TicketFactsProps {
  betType: string;
  /** The race (or races) in words: 'Race 3', 'Karera 3/4/5/6'. */
  race: string;
  selections: readonly (readonly number[])[];
  amount: number;
  combinations: number;
  cost: number;
}

/** Runners per place or leg, places apart: '1, 2 / 3 / 4, 5'. */
export const picksText = (selections: readonly (readonly number[])[]) =>
  selections.map((runners) => runners.join(', ')).join(' / ');

/** A group ticket's bet: its type, race, picks, base amount, combinations and cost. */
export function TicketFacts({ betType, race, selections, amount, combinations, cost }: TicketFactsProps) {
  const bt = useBakasT();
  return (
    <dl className="bakas__facts" data-testid="bakas-ticket">
      <div>
        <dt>{bt('ticket.betType')}</dt>
        <dd data-testid="bakas-bet-type">{betTypeName(betType)}</dd>
      </div>
      <div>
        <dt>{bt('ticket.race')}</dt>
        <dd>{race}</dd>
      </div>
      <div>
        <dt>{bt('ticket.picks')}</dt>
        <dd data-testid="bakas-picks">{picksText(selections)}</dd>
      </div>
      <div>
        <dt>{bt('ticket.base')}</dt>
        <dd>{formatPeso(amount)}</dd>
      </div>
      <div>
        <dt>{bt('ticket.combinations')}</dt>
        <dd>{combinations}</dd>
      </div>
      <div>
        <dt>{bt('ticket.cost')}</dt>
        <dd data-testid="bakas-cost">{formatPeso(cost)}</dd>
      </div>
    </dl>
  );
}
