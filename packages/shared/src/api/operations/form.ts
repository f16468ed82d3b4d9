import { z } from 'zod';
import { Audiences, defineOperations, pathOfOne } from '../contract.ts';
import { idParam } from '../params.ts';
import { formGuideResponseSchema } from '../schemas/form.ts';

/** The form guide (decision 053): the figures a player reads beside the bet slip. */
export const FormOperations = defineOperations({
  raceFormGuide: {
    method: 'GET',
    path: '/api/game/races/:raceId/form',
    audience: Audiences.player,
    summary: "A race's form guide: each runner's last starts, records, weight, gate, rating and strike rates",
    params: z.strictObject({ raceId: idParam }),
    response: formGuideResponseSchema,
  },
});

/** The form calls, for callers: built from the operations, so each path is written once. */
export const FormRoutes = {
  raceFormGuide: pathOfOne(FormOperations.raceFormGuide), // (raceId) -> FormGuideResponse
} as const;
