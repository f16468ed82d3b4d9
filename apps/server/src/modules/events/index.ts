/** The module's public face: what the rest of the server may use. */
export { createDomainEvents, type DomainEvents } from './domain-events.ts';
export { LISTENER_APPLICATION, inProcessPubSub, postgresPubSub, type PubSub } from './pubsub.ts';
