/** How often the activity clock ticks while a player page is visible. */
export const REALITY_TICK_MS = 15_000;

/** The reality check is due once the player has been active for their interval since the last one. */
export function realityCheckDue(activeMs: number, intervalMinutes: number): boolean {
  return intervalMinutes > 0 && activeMs >= intervalMinutes * 60_000;
}

/** Only the live screen shows it (a check that falls due elsewhere waits for the player to come back). */
export function showsRealityCheck(pathname: string): boolean {
  return pathname.replace(/\/+$/, '').toLowerCase() === '/live';
}
