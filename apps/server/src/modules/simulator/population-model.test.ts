import { describe, expect, it } from 'vitest';
import { addCalendarDays } from '@karera/shared';
import { crowdOpinion, seeded } from './crowd-model.ts';
import {
  DISTANCES,
  POPULATION,
  REST_DAYS,
  driftedAbility,
  drawField,
  handicapRating,
  horseNames,
  jockeyNames,
  newHorseTraits,
  newJockeySkill,
  randomInt,
  runRace,
  trainerNames,
  type HorseTraits,
  type RatedStart,
  type Random,
} from './population-model.ts';

interface Horse {
  id: number;
  traits: HorseTraits;
  restedOn: string;
  starts: RatedStart[];
}

/**
 * Races run by the model as the simulator runs them: fields drawn from rested horses of the race's class,
 * ratings read from past results, the crowd backing by the ratings, the order from ability and luck.
 * `order` replaces the model's order (a check that the test can fail).
 */
function simulate(
  races: number,
  random: Random,
  order: (
    field: { key: string; traits: HorseTraits; jockeySkill: number }[],
    distanceM: number,
  ) => { key: string; marginHundredths: number | null }[],
) {
  const horses: Horse[] = Array.from({ length: POPULATION.horses }, (_, i) => ({
    id: i + 1,
    traits: newHorseTraits(random),
    restedOn: '2026-01-01',
    starts: [],
  }));
  const skills = Array.from({ length: POPULATION.jockeys }, () => newJockeySkill(random));
  let day = '2026-01-01';
  let raceId = 0;
  let counted = 0;
  let favouriteWins = 0;
  const warmUp = 600;
  while (counted < races) {
    const taken = new Set<number>();
    for (let raceNo = 1; raceNo <= 5; raceNo += 1) {
      raceId += 1;
      const classLevel = 1 + randomInt(random, 5);
      const distanceM = DISTANCES[randomInt(random, DISTANCES.length)] ?? 1200;
      const size = 8 + randomInt(random, 5);
      const candidates = horses.map((horse) => ({ ...horse, classLevel: horse.traits.classLevel }));
      const ids = drawField(candidates, { classLevel, raceDate: day, size, taken }, random);
      for (const id of ids) taken.add(id);
      const field = ids.map((id, index) => {
        const horse = horses[id - 1] as Horse;
        return {
          runnerNo: index + 1,
          horse,
          rating: handicapRating(horse.starts, horse.traits.classLevel),
          jockeySkill: skills[randomInt(random, skills.length)] ?? 0,
        };
      });
      const opinion = crowdOpinion(
        raceId,
        field.map((runner) => runner.runnerNo),
        new Map(field.map((runner) => [runner.runnerNo, runner.rating])),
      );
      const favourite = [...opinion].sort((a, b) => b[1] - a[1])[0]?.[0];
      const finish = order(
        field.map((runner) => ({
          key: String(runner.runnerNo),
          traits: runner.horse.traits,
          jockeySkill: runner.jockeySkill,
        })),
        distanceM,
      );
      if (raceId > warmUp) {
        counted += 1;
        if (finish[0]?.key === String(favourite)) favouriteWins += 1;
      }
      finish.forEach(({ key, marginHundredths }, index) => {
        const horse = field[Number(key) - 1]?.horse as Horse;
        horse.starts.push({ position: index + 1, fieldSize: field.length, classLevel, marginHundredths });
        horse.traits = { ...horse.traits, ability: driftedAbility(horse.traits.ability, random) };
        horse.restedOn = addCalendarDays(day, REST_DAYS.min + randomInt(random, REST_DAYS.max - REST_DAYS.min + 1));
      });
      if (counted >= races) break;
    }
    day = addCalendarDays(day, 1);
  }
  return favouriteWins / counted;
}

describe('the demo population', () => {
  it('has at least 300 horses, 40 jockeys and 25 trainers, each name once', () => {
    expect(new Set(horseNames()).size).toBeGreaterThanOrEqual(300);
    expect(new Set(jockeyNames()).size).toBeGreaterThanOrEqual(40);
    expect(new Set(trainerNames()).size).toBeGreaterThanOrEqual(25);
  });

  it("the crowd's favourite wins about a third of 1,000 races, as at a real track", () => {
    const random = seeded(20_261_128);
    const rate = simulate(1000, random, (field, distanceM) => runRace(field, distanceM, random));
    expect(rate).toBeGreaterThanOrEqual(0.25);
    expect(rate).toBeLessThanOrEqual(0.42);
  });

  it('would fail were the finishing orders luck alone', () => {
    const random = seeded(20_261_128);
    const rate = simulate(1000, random, (field) => {
      const keys = field.map((runner) => runner.key);
      for (let i = keys.length - 1; i > 0; i -= 1) {
        const j = randomInt(random, i + 1);
        [keys[i], keys[j]] = [keys[j] as string, keys[i] as string];
      }
      return keys.map((key) => ({ key, marginHundredths: null }));
    });
    expect(rate).toBeLessThan(0.25);
  });

  it('gives a handicapper’s rating from past results: a winner rates above a horse beaten in the same class', () => {
    const won = handicapRating([{ position: 1, fieldSize: 10, classLevel: 3 }], 3);
    const beaten = handicapRating([{ position: 10, fieldSize: 10, classLevel: 3 }], 3);
    const higherClass = handicapRating([{ position: 5, fieldSize: 10, classLevel: 1 }], 1);
    expect(won).toBeGreaterThan(beaten);
    expect(higherClass).toBeGreaterThan(won);
  });
});
