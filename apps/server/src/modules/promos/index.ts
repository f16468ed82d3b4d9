/** The module's public face: what the rest of the server may use. */
export { subscribeRebates } from './promos.hooks.ts';
export { promoRoutes } from './promos.routes.ts';
export { seedDemoPromos } from './promos.service.ts';
export { payRebates, rebateWindows, ticketRebate, type TicketRebate } from './rebates.ts';
