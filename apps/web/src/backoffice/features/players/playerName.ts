import type { PlayerSummary } from '@karera/shared';
import type { BoT } from '../../i18n/useT.ts';

/** 'First Last', or 'Player #12' for a player without a name yet. */
export function playerName(t: BoT, player: Pick<PlayerSummary, 'playerId' | 'firstName' | 'lastName'>): string {
  const name = `${player.firstName} ${player.lastName}`.trim();
  return name || t('players.unnamed', { id: player.playerId });
}
