/** Bet types and their limits (docs/product/betting.md#bet-types). Amounts are centavos. */
export type RaceType = 'single' | 'consecutive' | 'alternate';

export interface BetTypeDefinition {
  code: string;
  name: string;
  /** Positions picked in a single race, or races covered by a multi-race pool. */
  selector: number;
  minBet: number;
  winLimit: number;
  raceType: RaceType;
  /** Whether an event flag must enable the type. */
  flagEnabled: boolean;
  evenAmountOnly: boolean;
  rule: string;
}

/** Races a ticket of the type covers: 1 for single-race types, the leg count for multi-race pools. */
export function legsOf(type: Pick<BetTypeDefinition, 'raceType' | 'selector'>): number {
  return type.raceType === 'single' ? 1 : type.selector;
}

/** Race numbers a ticket covers from its first race: XD takes races n and n+2. */
export function legRaceNumbers(type: Pick<BetTypeDefinition, 'raceType' | 'selector'>, firstRaceNo: number): number[] {
  if (type.raceType === 'single') return [firstRaceNo];
  if (type.raceType === 'alternate') return [firstRaceNo, firstRaceNo + 2];
  return Array.from({ length: type.selector }, (_, i) => firstRaceNo + i);
}

/** The amount a bet slip starts with for a type: its minimum. */
export function defaultAmountOf(type: Pick<BetTypeDefinition, 'minBet'>): number {
  return type.minBet;
}

const peso = 100;

export const BET_TYPES = [
  {
    code: 'W',
    name: 'Win',
    selector: 1,
    minBet: 1 * peso,
    winLimit: 22000 * peso,
    raceType: 'single',
    flagEnabled: false,
    evenAmountOnly: false,
    rule: 'first place only',
  },
  {
    code: 'FC',
    name: 'Forcast',
    selector: 2,
    minBet: 1 * peso,
    winLimit: 27000 * peso,
    raceType: 'single',
    flagEnabled: false,
    evenAmountOnly: false,
    rule: 'first two in exact order',
  },
  {
    code: 'TRI',
    name: 'Trifecta',
    selector: 3,
    minBet: 1 * peso,
    winLimit: 17000 * peso,
    raceType: 'single',
    flagEnabled: true,
    evenAmountOnly: false,
    rule: 'first 3 in exact order',
  },
  {
    code: 'QRT',
    name: 'Quartet',
    selector: 4,
    minBet: 1 * peso,
    winLimit: 22000 * peso,
    raceType: 'single',
    flagEnabled: true,
    evenAmountOnly: false,
    rule: 'first 4 in exact order',
  },
  {
    code: 'PENTA',
    name: 'Pentafecta',
    selector: 5,
    minBet: 1 * peso,
    winLimit: 27000 * peso,
    raceType: 'single',
    flagEnabled: true,
    evenAmountOnly: false,
    rule: 'first 5 in exact order',
  },
  {
    code: 'DD',
    name: 'Double',
    selector: 2,
    minBet: 1 * peso,
    winLimit: 32000 * peso,
    raceType: 'consecutive',
    flagEnabled: true,
    evenAmountOnly: false,
    rule: 'first place on 2 consecutive races',
  },
  {
    code: 'DD+1',
    name: 'DD+1',
    selector: 3,
    minBet: 1 * peso,
    winLimit: 32000 * peso,
    raceType: 'consecutive',
    flagEnabled: true,
    evenAmountOnly: false,
    rule: 'first place on 3 consecutive races',
  },
  {
    code: 'XD',
    name: 'XD',
    selector: 2,
    minBet: 1 * peso,
    winLimit: 32000 * peso,
    raceType: 'alternate',
    flagEnabled: true,
    evenAmountOnly: false,
    rule: 'first place on 2 alternating races (races 1 and 3)',
  },
  {
    code: 'PICK4',
    name: 'Pick4',
    selector: 4,
    minBet: 2 * peso,
    winLimit: 22000 * peso,
    raceType: 'consecutive',
    flagEnabled: true,
    evenAmountOnly: false,
    rule: '4 consecutive races',
  },
  {
    code: 'PICK5',
    name: 'Pick5',
    selector: 5,
    minBet: 2 * peso,
    winLimit: 27000 * peso,
    raceType: 'consecutive',
    flagEnabled: true,
    evenAmountOnly: false,
    rule: '5 consecutive races',
  },
  {
    code: 'PICK6',
    name: 'Pick6',
    selector: 6,
    minBet: 2 * peso,
    winLimit: 32000 * peso,
    raceType: 'consecutive',
    flagEnabled: true,
    evenAmountOnly: false,
    rule: '6 consecutive races',
  },
  {
    code: 'WTA',
    name: 'WTA',
    selector: 7,
    minBet: 2 * peso,
    winLimit: 47000 * peso,
    raceType: 'consecutive',
    flagEnabled: true,
    evenAmountOnly: true,
    rule: '7 consecutive races; even amount only',
  },
] as const satisfies readonly BetTypeDefinition[];

export type BetTypeCode = (typeof BET_TYPES)[number]['code'];

export function betTypeByCode(code: string): BetTypeDefinition | undefined {
  return BET_TYPES.find((type) => type.code === code);
}
