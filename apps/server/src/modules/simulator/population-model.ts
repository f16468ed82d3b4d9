/**
 * The demo's living population (issue 34 §2, decision 053), pure so it is tested on its own: horses with a
 * hidden ability that drifts slowly, a distance they are best at and a class they are campaigned in;
 * jockeys with a hidden skill. A race's finishing order comes from ability, distance fit and the jockey,
 * plus luck; the rating a card shows is a handicapper's, read from the horse's past results, never from
 * the hidden ability. The crowd backs the best-rated runners, so the favourite wins about a third of the
 * time, as at a real track.
 */
import { HORSE_NAMES, JOCKEY_NAMES } from './names.ts';

export const POPULATION = { horses: 320, jockeys: 40, trainers: 25 } as const;
/** The distances demo races are run over, in metres. */
export const DISTANCES = [1000, 1100, 1200, 1300, 1400, 1500, 1600, 1800, 2000] as const;
/** Class levels, 1 the best: races are carded as `Class 1` to `Class 5`. */
export const CLASS_LEVELS = [1, 2, 3, 4, 5] as const;
export const classOf = (level: number) => `Class ${level}`;
export const levelOfClass = (raceClass: string | null): number | null => {
  const match = /^Class (\d)$/u.exec(raceClass ?? '');
  return match ? Number(match[1]) : null;
};
/** Days a horse rests after a run before it may run again: two to four weeks. */
export const REST_DAYS = { min: 14, max: 28 } as const;
/** The going the demo's races are run on, the commonest most often. */
export const TRACK_CONDITIONS = ['Good', 'Good', 'Good', 'Good to Soft', 'Soft', 'Fast', 'Yielding'] as const;
/** How much luck a race has against ability (standard deviations of ability). */
export const RACE_NOISE = 0.4;

/** A generator of numbers in [0, 1). */
export type Random = () => number;

/** A standard normal (Box-Muller). */
export function normal(random: Random): number {
  const u = Math.max(random(), 1e-9);
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random());
}

export const randomInt = (random: Random, maxExclusive: number) => Math.floor(random() * maxExclusive);
function pick<T>(items: readonly T[], random: Random): T {
  return items[randomInt(random, items.length)] as T;
}

const HORSE_PREFIXES = [
  'Bagyong',
  'Hari ng',
  'Bituin ng',
  'Gintong',
  'Diwata ng',
  'Agila ng',
  'Lakas ng',
  'Tala ng',
  'Anak ng',
  'Sinag ng',
  'Prinsipe ng',
  'Reyna ng',
  'Kidlat ng',
  'Perlas ng',
  'Lucky',
  'Royal',
  'Silver',
];
const HORSE_PLACES = [
  'Taal',
  'Mayon',
  'Bukid',
  'Norte',
  'Timog',
  'Palawan',
  'Cebu',
  'Bohol',
  'Laguna',
  'Batangas',
  'Pampanga',
  'Ilocos',
  'Davao',
  'Samar',
  'Leyte',
  'Tondo',
  'Quiapo',
  'Visayas',
  'Mindanao',
  'Marikina',
];
const SURNAMES = [
  'Villar',
  'Mendoza',
  'Santos',
  'Reyes',
  'Bautista',
  'Garcia',
  'Torres',
  'Ramos',
  'Aquino',
  'Castillo',
  'Navarro',
  'Domingo',
  'Manalo',
  'Salazar',
  'Lopez',
  'Rivera',
  'Gonzales',
  'Soriano',
  'Tolentino',
  'Valdez',
  'Pascual',
  'Aguilar',
  'Ocampo',
  'Samson',
  'Lim',
  'Tan',
];
const INITIALS = 'ABCDEFGJKLMNOPRSTV';

/** The population's horse names: the demo's familiar names first, then place names; all different. */
export function horseNames(count: number = POPULATION.horses): string[] {
  const names = new Set<string>(HORSE_NAMES);
  for (const place of HORSE_PLACES) for (const prefix of HORSE_PREFIXES) names.add(`${prefix} ${place}`);
  return [...names].slice(0, count);
}

function personNames(first: readonly string[], count: number, salt: number): string[] {
  const names = new Set<string>(first);
  let i = 0;
  while (names.size < count) {
    const a = INITIALS[(i * 7 + salt) % INITIALS.length] ?? 'A';
    const b = INITIALS[(i * 11 + salt * 3) % INITIALS.length] ?? 'B';
    names.add(`${a}. ${b}. ${SURNAMES[(i + salt) % SURNAMES.length] ?? 'Cruz'}`);
    i += 1;
  }
  return [...names].slice(0, count);
}

export const jockeyNames = (count: number = POPULATION.jockeys) => personNames(JOCKEY_NAMES, count, 0);
export const trainerNames = (count: number = POPULATION.trainers) => personNames([], count, 5);

export interface HorseTraits {
  /** Hidden ability, in standard deviations. */
  ability: number;
  bestDistanceM: number;
  classLevel: number;
}

/** The class a horse of this ability is campaigned in: the best fifth in Class 1, the weakest in Class 5. */
export function classLevelOf(ability: number): number {
  const level = 3 - Math.round(ability * 1.2);
  return Math.min(5, Math.max(1, level));
}

export function newHorseTraits(random: Random): HorseTraits {
  const ability = normal(random);
  return { ability, bestDistanceM: pick(DISTANCES, random), classLevel: classLevelOf(ability + 0.3 * normal(random)) };
}

/** A jockey's hidden skill: worth a little, never as much as the horse. */
export const newJockeySkill = (random: Random) => 0.12 * normal(random);

/** Ability after a run: a small step, pulled slowly back towards the horse's level (horses age and improve). */
export function driftedAbility(ability: number, random: Random): number {
  return ability * 0.995 + 0.05 * normal(random);
}

/** What a horse loses over a distance that is not its best: nothing at its best, more the further off. */
export function distanceFit(bestDistanceM: number, distanceM: number): number {
  const off = Math.abs(bestDistanceM - distanceM) / 200;
  return -0.08 * Math.min(off, 4) ** 2;
}

export interface FieldRunner {
  key: string;
  traits: HorseTraits;
  jockeySkill: number;
}

export interface RunOrderLine {
  key: string;
  /** Lengths behind the winner, in hundredths (the winner 0). */
  marginHundredths: number;
  timeMs: number;
}

/** One length at the finish, in milliseconds, roughly. */
const LENGTH_MS = 170;
/** Lengths behind per unit of performance. */
const LENGTHS_PER_UNIT = 3.2;

/**
 * A race run: each runner's performance is its ability, its fit to the distance and its jockey, plus luck;
 * the order is by performance, the margins follow the gaps, the winner's time the distance.
 */
export function runRace(field: readonly FieldRunner[], distanceM: number, random: Random): RunOrderLine[] {
  const scored = field
    .map((runner) => ({
      key: runner.key,
      score:
        runner.traits.ability +
        distanceFit(runner.traits.bestDistanceM, distanceM) +
        runner.jockeySkill +
        RACE_NOISE * normal(random),
    }))
    .sort((a, b) => b.score - a.score);
  const best = scored[0]?.score ?? 0;
  // About 16.5 m/s for an average field, a little faster for a good one.
  const winnerMs = Math.round((distanceM / (16.5 + 0.15 * best + 0.2 * normal(random))) * 1000);
  return scored.map(({ key, score }) => {
    const lengths = (best - score) * LENGTHS_PER_UNIT;
    const marginHundredths = Math.round(lengths * 100);
    return { key, marginHundredths, timeMs: winnerMs + Math.round(lengths * LENGTH_MS) };
  });
}

/** A past start as a handicapper reads it. */
export interface RatedStart {
  position: number;
  fieldSize: number;
  classLevel: number | null;
  /** Lengths behind the winner, in hundredths, when known. */
  marginHundredths?: number | null;
}

/** What a start in each class is worth to the handicapper, before the finish counts. */
const CLASS_BASE: Readonly<Record<number, number>> = { 1: 86, 2: 79, 3: 72, 4: 65, 5: 58 };
/** A first starter's rating in its class: the handicapper has nothing to go on but where it is entered. */
export const firstStarterRating = (classLevel: number) => (CLASS_BASE[classLevel] ?? 60) - 4;

/**
 * The handicapper's rating (the card's `rating`): from the horse's last four starts, latest last, the class
 * each was in and how far up the field it finished, the latest counting most. Never the hidden ability.
 */
export function handicapRating(starts: readonly RatedStart[], classLevel: number): number {
  const recent = starts.slice(-4);
  if (recent.length === 0) return firstStarterRating(classLevel);
  let sum = 0;
  let weights = 0;
  recent.forEach((start, index) => {
    const base = CLASS_BASE[start.classLevel ?? classLevel] ?? 60;
    // Beaten lengths where the result gives them (a winner's margin over the second is not known: 0);
    // otherwise the share of the field that beat it.
    const lengths =
      start.marginHundredths === null || start.marginHundredths === undefined
        ? 12 * (start.fieldSize > 1 ? (start.position - 1) / (start.fieldSize - 1) : 0)
        : Math.min(15, start.marginHundredths / 100);
    const figure = base + 8 - 2.4 * lengths;
    const weight = index + 1;
    sum += figure * weight;
    weights += weight;
  });
  return Math.max(1, Math.min(130, Math.round(sum / weights)));
}

/** A racing weight: 50.0 to 58.0 kg in half kilograms, in tenths; the better rated carry more. */
export function weightTenths(rating: number, meanRating: number, random: Random): number {
  const kg = 54 + (rating - meanRating) / 6 + (random() - 0.5);
  const halves = Math.round(Math.min(58, Math.max(50, kg)) * 2);
  return halves * 5;
}

/** Shuffled copy (Fisher-Yates). */
export function shuffle<T>(items: readonly T[], random: Random): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i -= 1) {
    const j = randomInt(random, i + 1);
    [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
  }
  return copy;
}

export interface Candidate {
  id: number;
  classLevel: number;
  /** The Manila day it may run again from. */
  restedOn: string;
}

/**
 * A race's field from the population: horses rested by `raceDate` of the race's class first (then the
 * classes next to it), not already drawn on the card. When too few are rested (the demo cards more races a
 * day than a track's population could run), those rested longest make up the field.
 */
export function drawField(
  candidates: readonly Candidate[],
  options: { classLevel: number; raceDate: string; size: number; taken: ReadonlySet<number> },
  random: Random,
): number[] {
  const free = shuffle(
    candidates.filter((horse) => !options.taken.has(horse.id)),
    random,
  );
  const rank = (horse: Candidate) => {
    const rested = horse.restedOn <= options.raceDate ? 0 : 1;
    const off = Math.abs(horse.classLevel - options.classLevel);
    return rested * 100 + (off === 0 ? 0 : off === 1 ? 1 : 2 + off);
  };
  const ordered = free
    .map((horse) => ({ horse, rank: rank(horse) }))
    .sort((a, b) => a.rank - b.rank || (a.rank >= 100 ? a.horse.restedOn.localeCompare(b.horse.restedOn) : 0));
  return ordered.slice(0, options.size).map(({ horse }) => horse.id);
}
