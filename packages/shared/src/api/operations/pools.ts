import { z } from 'zod';
import { Audiences, defineOperations } from '../contract.ts';
import { idParam } from '../params.ts';
import { lazySchema } from '../../validation/lazySchema.ts';

const dividend = lazySchema(() => z.number().int().nullable());

export const racePoolsResponseSchema = lazySchema(() =>
  z.object({
    statusCode: z.literal(200),
    raceId: z.number().int(),
    /** Names the pools' state; POOLS_UPDATED on the live socket carries the next one. */
    version: z.string(),
    /** Each runner's Win odds (centavos per 1.00) since the first Win bet, at the same moments. */
    winOdds: z.object({
      times: z.array(z.string()),
      runners: z.array(z.object({ runnerNo: z.number().int(), odds: z.array(dividend) })),
    }),
    /** Forecast probables: centavos per 1.00 for each ordered pair of running runners. */
    forecast: z.object({
      runners: z.array(z.number().int()),
      cells: z.array(z.object({ first: z.number().int(), second: z.number().int(), dividend })),
    }),
    /** Multi-race pools whose next leg is this race, after their earlier legs have results. */
    willPays: z.array(
      z.object({
        betType: z.string(),
        name: z.string(),
        firstRaceNo: z.number().int(),
        /** This race's leg, counted from 1, and the pool's leg count. */
        leg: z.number().int(),
        legs: z.number().int(),
        /** True on the last leg: settlement pays exactly this. Earlier legs are estimates. */
        exact: z.boolean(),
        lines: z.array(z.object({ runnerNo: z.number().int(), winners: z.array(z.number().int()), dividend })),
      }),
    ),
  }),
);
export type RacePoolsResponse = z.output<typeof racePoolsResponseSchema>;

/** The live screen's will-pays, probables and odds movement, for anyone watching. */
export const PoolsOperations = defineOperations({
  racePools: {
    method: 'GET',
    path: '/api/game/pools/:raceId',
    audience: Audiences.public,
    summary: "A race's Win odds movement, Forecast probables and Double/Pick will-pays",
    params: lazySchema(() => z.strictObject({ raceId: idParam })),
    response: racePoolsResponseSchema,
  },
});

/** The live pools' path, `:raceId` to fill in: built from the operation, so it is written once. */
export const PoolsRoutes = { racePools: PoolsOperations.racePools.path } as const;
