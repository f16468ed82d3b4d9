/** The module's public face: what the rest of the server may use. */
export { raceRunOf, runningRaceRuns } from './raceRuns.ts';
export { startSimulator } from './simulator.ts';
