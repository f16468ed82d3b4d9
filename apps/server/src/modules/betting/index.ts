/** The module's public face: what the rest of the server may use. */
export { type BetHooks } from './bet-hooks.ts';
export { inProcessBetPlacement, placementThread, type BetPlacement } from './bet-placement.ts';
export { bettingRoutes } from './betting.routes.ts';
export { betsOfLines, placeBet } from './betting.service.ts';
export { checkBetOnCard } from './betting.service.ts';
export { eventCard } from './event-card.ts';
export { placeHeldTicket, type HeldTicketInput } from './held-ticket.ts';
export { legsOfTickets } from './ticket-legs.ts';
