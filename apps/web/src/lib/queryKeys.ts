/** Query keys of the player's own data; logout and status 107 drop everything under PLAYER_QUERY_ROOT. */
export const PLAYER_QUERY_ROOT = ['player'] as const;

export const playerQueryKeys = {
  profile: [...PLAYER_QUERY_ROOT, 'profile'] as const,
};
