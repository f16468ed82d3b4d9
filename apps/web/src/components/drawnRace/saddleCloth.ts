import { runnerBaseNumber } from '@karera/shared';

/** A saddle cloth: its colour and the colour of the number on it. */
export interface SaddleCloth {
  cloth: string;
  number: string;
}

/**
 * The saddle cloths of the runners by number, as tracks colour them (1 red, 2 white, 3 blue, 4 yellow,
 * 5 green, 6 black, 7 orange, 8 pink, 9 turquoise, 10 purple, 11 grey, 12 lime, then 13-16), so a
 * runner is told apart at a glance. Coupled runners (1 and 1A) wear the same one. Each number is
 * readable on its cloth (contrast at least 4.5:1, saddleCloth.test.ts).
 */
const CLOTHS: readonly SaddleCloth[] = [
  { cloth: '#d0021b', number: '#ffffff' },
  { cloth: '#ffffff', number: '#000000' },
  { cloth: '#1f4fbf', number: '#ffffff' },
  { cloth: '#ffd400', number: '#000000' },
  { cloth: '#007a3d', number: '#ffffff' },
  { cloth: '#111111', number: '#ffd400' },
  { cloth: '#ff7a00', number: '#000000' },
  { cloth: '#ff9fc4', number: '#000000' },
  { cloth: '#2ec4c4', number: '#000000' },
  { cloth: '#6a2ca0', number: '#ffffff' },
  { cloth: '#9ea2a6', number: '#000000' },
  { cloth: '#b8e000', number: '#000000' },
  { cloth: '#7b4a1e', number: '#ffffff' },
  { cloth: '#7a0c2e', number: '#ffd400' },
  { cloth: '#c8b88a', number: '#000000' },
  { cloth: '#5b8fd9', number: '#000000' },
];

export function saddleClothOf(runnerNo: string): SaddleCloth {
  const base = runnerBaseNumber(runnerNo);
  const index = Number.isFinite(base) && base > 0 ? (base - 1) % CLOTHS.length : 0;
  return CLOTHS[index] ?? { cloth: '#ffffff', number: '#000000' };
}

export const SADDLE_CLOTHS = CLOTHS;
