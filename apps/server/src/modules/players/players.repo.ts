/**
 * @deprecated Renamed to player-directory.repo.ts (the staff-scoped player listings). Kept only until
 * payments.service.ts imports scopeToStaff from there; then delete this file.
 */
export { scopeToStaff } from './player-directory.repo.ts';
