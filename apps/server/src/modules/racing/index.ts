/** The module's public face: what the rest of the server may use. */
export { findEvent, findRace, liveSnapshot, oddsText, racesOfEvent } from './racing.repo.ts';
export { isoDate, racingRoutes } from './racing.routes.ts';
export {
  addRunner,
  createEvent,
  createRace,
  moveRaceStatus,
  setOddsOfRaces,
  setRunnerScratched,
  transitionRace,
  type RacingActor,
  type RacingDeps,
} from './racing.service.ts';
