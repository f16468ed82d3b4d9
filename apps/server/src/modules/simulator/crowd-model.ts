/**
 * The demo crowd's staking model (decision 047): pure, so it is tested on its own. The crowd has an
 * opinion of each race (a share of the Win pool per runner, the same on any server for the same race)
 * and brings its Win money in over the open period, more of it towards the close, as a track's crowd
 * does; its pool follows its opinion, so the favourite is the runner it backs most. It also puts a few
 * tickets into the race's other pools, so probables and will-pays exist.
 */

const PESO = 100;

/** What the crowd puts in a race's Win pool by last call, in centavos: ₱5,000-₱12,000 a race. */
export const CROWD_WIN_POOL = { min: 5_000 * PESO, max: 12_000 * PESO } as const;
/** Share of the final Win money already in when betting opens (the early money). */
const EARLY_SHARE = 0.1;
/** The smallest and largest Win ticket the crowd writes (the early money comes in bigger tickets). */
export const CROWD_TICKET = { min: 10 * PESO, max: 500 * PESO, openingMax: 2_000 * PESO } as const;
/** A crowd behind its target writes more tickets in a step, up to this many: one per ₱150 it is behind. */
const CATCH_UP = { tickets: 8, per: 150 * PESO } as const;
/** A ticket in another pool: ₱10-₱50 a combination. */
const EXOTIC_AMOUNTS = [10, 10, 20, 20, 20, 30, 40, 50].map((pesos) => pesos * PESO);

/** A small seeded generator (mulberry32), numbers in [0, 1): one race's opinion is the same on any server. */
export function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const raceSeed = (raceId: number, salt: number) => Math.imul(raceId, 2_654_435_761) ^ salt;

/** How strongly the crowd follows the card's ratings: a point of rating is worth this in log-strength. */
const RATING_WEIGHT = 0.13;
/** The crowd's own hunches beside the ratings. */
const HUNCH = 0.3;

/**
 * The crowd's view of a race: each running runner's share of the Win pool, summing to 1. Strengths are
 * log-normal, so a field has a clear favourite (typically a quarter to a third of the pool), a few
 * contenders and long shots with a few percent. With the card's ratings (by runner number: the
 * handicapper's reading of each horse's form), the crowd backs the best rated most, with hunches of its own.
 */
export function crowdOpinion(
  raceId: number,
  runnerNos: readonly number[],
  ratings?: ReadonlyMap<number, number>,
): Map<number, number> {
  const random = seeded(raceSeed(raceId, 0x5eed));
  const numbers = [...new Set(runnerNos)].sort((a, b) => a - b);
  const rated = ratings !== undefined && numbers.every((no) => ratings.has(no));
  const top = rated ? Math.max(...numbers.map((no) => ratings.get(no) ?? 0)) : 0;
  const strengths = numbers.map((no) => {
    // Box-Muller: a standard normal from two uniforms.
    const u = Math.max(random(), 1e-9);
    const z = Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random());
    return rated ? Math.exp(RATING_WEIGHT * ((ratings.get(no) ?? 0) - top) + HUNCH * z) : Math.exp(1.1 * z);
  });
  const sum = strengths.reduce((a, b) => a + b, 0);
  return new Map(numbers.map((no, i) => [no, (strengths[i] ?? 0) / sum]));
}

/**
 * The crowd's Win money in a race by `fraction` of its open period (0 at opening, 1 at last call), in
 * centavos: some at once, then more and more towards the close.
 */
export function crowdWinTarget(raceId: number, fraction: number): number {
  const random = seeded(raceSeed(raceId, 0xf00d));
  const final = CROWD_WIN_POOL.min + Math.floor(random() * (CROWD_WIN_POOL.max - CROWD_WIN_POOL.min));
  const f = Math.min(1, Math.max(0, fraction));
  return Math.round(final * (EARLY_SHARE + (1 - EARLY_SHARE) * f ** 1.3));
}

/** An amount a person would write: whole ₱5 up to ₱100, whole ₱10 above, within the crowd's range. */
export function humanAmount(centavos: number, max: number = CROWD_TICKET.max): number {
  const step = centavos < 100 * PESO ? 5 * PESO : 10 * PESO;
  const rounded = Math.round(centavos / step) * step;
  return Math.min(max, Math.max(CROWD_TICKET.min, rounded));
}

export interface WinTicketPlan {
  runnerNo: number;
  amount: number;
}

/**
 * The crowd's next Win tickets in a race: enough to bring its money up to `target`, `maxTickets` of them
 * at most (more when it is far behind). Each goes on the runner furthest below its share of the crowd's money (with some noise: the
 * crowd does not act as one), for about what that runner lacks, so the crowd's pool tracks its opinion.
 * `stakes` is the crowd's own Win money by runner so far; with none yet, every runner gets a ticket.
 */
export function planWinTickets(
  opinion: ReadonlyMap<number, number>,
  stakes: ReadonlyMap<number, number>,
  target: number,
  random: () => number,
  maxTickets: number,
): WinTicketPlan[] {
  if (stakes.size === 0) {
    // The opening money: a ticket on every runner for about its share, so each has odds from the start.
    return [...opinion].map(([runnerNo, share]) => ({
      runnerNo,
      amount: humanAmount(share * target * (0.8 + 0.4 * random()), CROWD_TICKET.openingMax),
    }));
  }
  const held = new Map(stakes);
  let total = [...held.values()].reduce((a, b) => a + b, 0);
  const plan: WinTicketPlan[] = [];
  const cap = Math.max(maxTickets, Math.min(CATCH_UP.tickets, Math.ceil((target - total) / CATCH_UP.per)));
  while (plan.length < cap && target - total >= CROWD_TICKET.min) {
    let best: { runnerNo: number; lack: number; score: number } | null = null;
    for (const [runnerNo, share] of opinion) {
      const lack = share * target - (held.get(runnerNo) ?? 0);
      const score = lack * (0.7 + 0.6 * random());
      if (!best || score > best.score) best = { runnerNo, lack, score };
    }
    if (!best) break;
    // About what the runner lacks, or its part of what the crowd still has to bring, whichever is more.
    const due = (target - total) / (cap - plan.length);
    const amount = humanAmount(Math.max(best.lack, due, CROWD_TICKET.min) * (0.6 + 0.6 * random()));
    plan.push({ runnerNo: best.runnerNo, amount });
    held.set(best.runnerNo, (held.get(best.runnerNo) ?? 0) + amount);
    total += amount;
  }
  return plan;
}

/** Runners drawn one after another by the crowd's opinion, none twice: a straight exotic's picks. */
export function drawRunners(opinion: ReadonlyMap<number, number>, count: number, random: () => number): number[] {
  const left = new Map(opinion);
  const drawn: number[] = [];
  while (drawn.length < count && left.size > 0) {
    const sum = [...left.values()].reduce((a, b) => a + b, 0);
    let point = random() * sum;
    let chosen = [...left.keys()].at(-1) ?? 0;
    for (const [runnerNo, share] of left) {
      point -= share;
      if (point < 0) {
        chosen = runnerNo;
        break;
      }
    }
    drawn.push(chosen);
    left.delete(chosen);
  }
  return drawn;
}

/**
 * How the crowd spreads its tickets in other pools: Forecast and Trifecta most, the doubles some. Never
 * the Pick-N and Winner-Take-All pools, which carry over or pay consolations into later pools: the
 * crowd's play money stays in pools that settle on their own race (decision 047).
 */
export const EXOTIC_WEIGHTS: Readonly<Record<string, number>> = {
  FC: 30,
  TRI: 22,
  DD: 16,
  QRT: 8,
  XD: 6,
  'DD+1': 6,
  PENTA: 4,
};

/** One of `available` bet types, by {@link EXOTIC_WEIGHTS}; null when none is. */
export function pickExoticType(available: readonly string[], random: () => number): string | null {
  const weighted = available.filter((code) => (EXOTIC_WEIGHTS[code] ?? 0) > 0);
  const sum = weighted.reduce((a, code) => a + (EXOTIC_WEIGHTS[code] ?? 0), 0);
  let point = random() * sum;
  for (const code of weighted) {
    point -= EXOTIC_WEIGHTS[code] ?? 0;
    if (point < 0) return code;
  }
  return weighted.at(-1) ?? null;
}

/** A crowd ticket's amount per combination in another pool (even pesos, as Winner-Take-All needs). */
export function exoticAmount(random: () => number): number {
  return EXOTIC_AMOUNTS[Math.floor(random() * EXOTIC_AMOUNTS.length)] ?? 20 * PESO;
}
