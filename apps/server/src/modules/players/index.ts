/** The module's public face: what the rest of the server may use. */
export { demoCrowdIds, findPlayerForStaff, searchPlayers } from './player-directory.repo.ts';
export { playerRoutes } from './players.routes.ts';
export { confirmMobileChange } from './profile.service.ts';
