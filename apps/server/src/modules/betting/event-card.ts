import type { Kysely, Selectable, Transaction } from 'kysely';
import { offeredBetTypes, runnerBaseNumber } from '@karera/shared';
import type { Database } from '../../db/schema.ts';
import { statement } from '../../db/statement.ts';

type CardRace = Pick<Selectable<Database['races']>, 'id' | 'race_no' | 'status' | 'enabled_bet_types'> & {
  event_types: string;
  /** The race's post time and its race day, as the receipt names the race (absent on cards built by hand). */
  start_time?: string;
  event_name?: string;
  race_date?: string;
};
type CardRunner = Pick<Selectable<Database['runners']>, 'race_id' | 'runner_no' | 'status'>;

/**
 * An event's card as a bet checks it: races by id and number, the types each offers, and per race
 * the runner numbers it has (a coupled entry, 1 and 1A, is one number) and whether all the runners of
 * each are scratched. Built once per read of the card, which the bets of a batch share (and the
 * placement thread keeps).
 */
export interface EventCard {
  raceById: ReadonlyMap<number, CardRace>;
  raceByNo: ReadonlyMap<number, CardRace>;
  /** Bet types the race offers as a first race: Win, Forcast and those both it and its event switch on. */
  offeredTypes: ReadonlyMap<number, ReadonlySet<string>>;
  /** Per race id, per runner number: true when every runner of that number is scratched. */
  runnerNumbers: ReadonlyMap<number, ReadonlyMap<number, boolean>>;
}

export function indexEventCard(races: readonly CardRace[], runners: readonly CardRunner[]): EventCard {
  const offeredTypes = new Map<number, ReadonlySet<string>>();
  for (const race of races) {
    const offered = offeredBetTypes(
      JSON.parse(race.enabled_bet_types) as string[],
      JSON.parse(race.event_types) as string[],
    );
    offeredTypes.set(race.id, new Set(offered.map((type) => type.code)));
  }
  const runnerNumbers = new Map<number, Map<number, boolean>>();
  for (const runner of runners) {
    let numbers = runnerNumbers.get(runner.race_id);
    if (!numbers) {
      numbers = new Map();
      runnerNumbers.set(runner.race_id, numbers);
    }
    const base = runnerBaseNumber(runner.runner_no);
    numbers.set(base, (numbers.get(base) ?? true) && runner.status === 'S');
  }
  return {
    raceById: new Map(races.map((race) => [race.id, race])),
    raceByNo: new Map(races.map((race) => [race.race_no, race])),
    offeredTypes,
    runnerNumbers,
  };
}

/** An event's races and runners as bets are checked against them, read through `db` (a transaction or not). */
export async function readEventCard(trx: Kysely<Database>, eventId: number): Promise<EventCard> {
  const races = await trx
    .selectFrom('races')
    .innerJoin('game_events', 'game_events.id', 'races.event_id')
    .select([
      'races.id',
      'races.race_no',
      'races.status',
      'races.enabled_bet_types',
      'game_events.enabled_bet_types as event_types',
      'races.start_time',
      'game_events.name as event_name',
      'game_events.race_date',
    ])
    .where('races.event_id', '=', eventId)
    .execute();
  const runners =
    races.length === 0
      ? []
      : await trx
          .selectFrom('runners')
          .select(['race_id', 'runner_no', 'status'])
          .where(
            'race_id',
            'in',
            races.map((race) => race.id),
          )
          .execute();
  return indexEventCard(races, runners);
}

/** Cards read per transaction: the bets of one group commit share one read of each event's card. */
const cardsReadIn = new WeakMap<Transaction<Database>, Map<number, Promise<EventCard>>>();

/**
 * Databases whose connection here never writes races, runners or events (the bet placement thread's,
 * decision 011): there a card stays true until another connection commits, which SQLite's
 * `data_version` tells, so cards are kept across transactions until it changes.
 */
const cardsKeptUntilChanged = new WeakMap<Kysely<Database>, { dataVersion: number; cards: Map<number, EventCard> }>();

export function keepCardsAcrossTransactions(db: Kysely<Database>): void {
  cardsKeptUntilChanged.set(db, { dataVersion: Number.NaN, cards: new Map() });
}

const readDataVersion = statement<{ data_version: number }>('pragma data_version');

async function keptCard(
  kept: { dataVersion: number; cards: Map<number, EventCard> },
  trx: Transaction<Database>,
  eventId: number,
): Promise<EventCard> {
  const [row] = await readDataVersion(trx, []);
  const dataVersion = Number(row?.data_version);
  if (dataVersion !== kept.dataVersion) {
    kept.cards.clear();
    kept.dataVersion = dataVersion;
  }
  let card = kept.cards.get(eventId);
  if (!card) {
    card = await readEventCard(trx, eventId);
    kept.cards.set(eventId, card);
  }
  return card;
}

/**
 * The event's races and runners as this transaction sees them, a race day's dozen races and their
 * runners in two reads. The bets sharing a transaction (bet-batcher.ts) all arrived before it began,
 * so checking each against the card read at its start is checking it at a moment after its arrival.
 */
export function eventCard(db: Kysely<Database>, trx: Transaction<Database>, eventId: number): Promise<EventCard> {
  let cards = cardsReadIn.get(trx);
  if (!cards) {
    cards = new Map();
    cardsReadIn.set(trx, cards);
  }
  let card = cards.get(eventId);
  if (!card) {
    const kept = cardsKeptUntilChanged.get(db);
    card = kept ? keptCard(kept, trx, eventId) : readEventCard(trx, eventId);
    cards.set(eventId, card);
    // A failed read is not remembered: the next bet in the transaction reads again.
    card.catch(() => cards.delete(eventId));
  }
  return card;
}
