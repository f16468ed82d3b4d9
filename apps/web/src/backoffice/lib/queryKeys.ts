/** Every server-state key of the back office, in one place so invalidation cannot miss one. */
export const queryKeys = {
  session: ['backoffice', 'session'] as const,
  playersAll: ['backoffice', 'players'] as const,
  players: (list: Readonly<Record<string, string | number | undefined>>) => ['backoffice', 'players', list] as const,
  playerAll: ['backoffice', 'player'] as const,
  player: (playerId: number) => ['backoffice', 'player', playerId] as const,
  staff: ['backoffice', 'staff'] as const,
  contacts: (page: number) => ['backoffice', 'contacts', page] as const,
  audit: (list: Readonly<Record<string, string | number | undefined>>) => ['backoffice', 'audit', list] as const,
  smsOutbox: (q: string, page: number) => ['backoffice', 'sms-outbox', { q, page }] as const,
  racingEvents: ['backoffice', 'racing-events'] as const,
  racingEventAll: ['backoffice', 'racing-event'] as const,
  racingEvent: (eventId: number) => ['backoffice', 'racing-event', eventId] as const,
};
