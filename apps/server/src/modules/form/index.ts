/** The module's public face: what the rest of the server may use. */
export { formRoutes } from './form.routes.ts';
export {
  recordRaceResults,
  recordsForRunner,
  setRaceCard,
  type RaceCardDetails,
  type RunnerResultInput,
} from './form.service.ts';
export { subscribeFormResults } from './form.hooks.ts';
export { formChanged } from './form-cache.ts';
export { rebuildFormTallies } from './form-tallies.ts';
export { formPagesRoutes } from './pages.routes.ts';
export { cardedRecords } from './admin/records.service.ts';
export { formAdminRoutes } from './admin/admin.routes.ts';
