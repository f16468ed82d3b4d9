import {
  StatusCode,
  type BettingRoutes,
  type GameRoutes,
  type LoginResponse,
  type PaymentRoutes,
  type ProfileResponse,
  type PromoRoutes,
  type UserRoutes,
} from '@karera/shared';
import { ApiError, apiRequest } from './api.ts';
import type { BodyAt, PublicPath, ResponseAt, SuccessAt } from './operationTypes.ts';

export type UserRoute = (typeof UserRoutes)[keyof typeof UserRoutes];

/** The game calls (docs/product/api.md#player-calls): race card, bets and bet history. */
export type GameRoute =
  (typeof GameRoutes)[keyof typeof GameRoutes] | (typeof BettingRoutes)[keyof typeof BettingRoutes];

/** The payment calls: deposit method, deposit and withdraw requests, wallet history. */
export type PaymentRoute = (typeof PaymentRoutes)[keyof typeof PaymentRoutes];

/** The promo calls: the promos on offer, the player's claims, a claim. */
export type PromoRoute = (typeof PromoRoutes)[keyof typeof PromoRoutes];

/**
 * Where a dead session was found: a player or game call, or the live socket (closed with the invalid-authentication
 * reason).
 */
export type SessionInvalidSource = UserRoute | GameRoute | PaymentRoute | PromoRoute | 'realtime';

type SessionInvalidListener = (source: SessionInvalidSource) => void;
const listeners = new Set<SessionInvalidListener>();

/**
 * Hears every status 107 (session missing, expired or revoked) of a player call, whichever screen
 * made it. The app shell registers the one handler that logs the player out (docs/product/accounts.md#sessions).
 */
export function onSessionInvalid(listener: SessionInvalidListener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Reports a session found invalid outside a player call, to the same handler as a 107. */
export function reportSessionInvalid(source: SessionInvalidSource): void {
  for (const listener of [...listeners]) listener(source);
}

export function isSessionInvalid(error: unknown): boolean {
  return error instanceof ApiError && error.statusCode === StatusCode.INVALID_SESSION;
}

/**
 * Every player account call (user/*): POST JSON, the session travelling in the HttpOnly cookie. The web
 * app never puts sessionId or playerId of a session in a body. A 107 refusal is reported to the
 * session-invalid handler before the caller sees the error, so no screen has to handle it itself.
 */
export async function userRequest(
  route: typeof UserRoutes.otp,
  body: BodyAt<typeof UserRoutes.otp> & { type: 'P' | 'L' },
  signal?: AbortSignal,
): Promise<LoginResponse>;
/** otp type M (a new mobile number, signed in) answers the profile. */
export async function userRequest(
  route: typeof UserRoutes.otp,
  body: BodyAt<typeof UserRoutes.otp> & { type: 'M' },
  signal?: AbortSignal,
): Promise<ProfileResponse>;
export async function userRequest<R extends UserRoute>(
  route: R,
  body: BodyAt<R>,
  signal?: AbortSignal,
): Promise<SuccessAt<R>>;
export async function userRequest(route: UserRoute, body: BodyAt<UserRoute>, signal?: AbortSignal): Promise<unknown> {
  return sessionRequest<unknown>(route, body ?? {}, signal);
}

/** A game call with the player's session (e.g. bet history): the same POST JSON and the same 107 handling. */
export async function gameRequest<R extends GameRoute>(
  route: R,
  body: BodyAt<R>,
  signal?: AbortSignal,
): Promise<ResponseAt<R>> {
  return sessionRequest<ResponseAt<R>>(route, body ?? {}, signal);
}

/** A payment call with the player's session: the same POST JSON and the same 107 handling. */
export async function paymentRequest<R extends PaymentRoute>(
  route: R,
  body: BodyAt<R>,
  signal?: AbortSignal,
): Promise<ResponseAt<R>> {
  return sessionRequest<ResponseAt<R>>(route, body ?? {}, signal);
}

/** A promo call with the player's session: the same POST JSON and the same 107 handling. */
export async function promoRequest<R extends PromoRoute>(
  route: R,
  body: BodyAt<R>,
  signal?: AbortSignal,
): Promise<ResponseAt<R>> {
  return sessionRequest<ResponseAt<R>>(route, body ?? {}, signal);
}

/** A call that needs no session (the race card, site settings, the contact form): GET without a body. */
export async function publicRequest<R extends PublicPath>(
  route: R,
  body: BodyAt<R>,
  signal?: AbortSignal,
): Promise<ResponseAt<R>> {
  return apiRequest<ResponseAt<R>>(route, {
    ...(body === undefined ? {} : { method: 'POST' as const, body }),
    ...(signal ? { signal } : {}),
  });
}

async function sessionRequest<T>(
  route: UserRoute | GameRoute | PaymentRoute | PromoRoute,
  body: object,
  signal: AbortSignal | undefined,
): Promise<T> {
  try {
    return await apiRequest<T>(route, signal ? { method: 'POST', body, signal } : { method: 'POST', body });
  } catch (error) {
    if (isSessionInvalid(error)) reportSessionInvalid(route);
    throw error;
  }
}
