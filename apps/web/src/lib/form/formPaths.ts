/** The form pages' paths (the router's entries are these with `:id`). */
export const FORM_PAGE_PATHS = {
  horse: '/horse/:id',
  jockey: '/jockey/:id',
  trainer: '/trainer/:id',
} as const;

export const horsePath = (id: number) => `/horse/${id}`;
export const jockeyPath = (id: number) => `/jockey/${id}`;
export const trainerPath = (id: number) => `/trainer/${id}`;
/** A finished race's replay page. */
export const replayPath = (raceId: number) => `/replay/${raceId}`;
