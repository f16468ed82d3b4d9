/*
 * What crosses between the server's thread and the bet placement thread (bet-placement.ts): the thread's
 * module imports this and not bet-placement.ts, so it does not carry the server side's imports.
 */
import type { PlaceBetInput } from '@karera/shared';
import type { DomainHookSettings } from '../../domain-hooks.ts';
import { AppError } from '../../lib/errors.ts';
import type { BetBatcher } from './bet-batcher.ts';

export type BatcherStats = ReturnType<BetBatcher['stats']>;

/** A refusal or a fault as it crosses from the placement thread. */
export type WireError =
  | { kind: 'refusal'; httpStatus: number; statusCode: number; message: string; fieldErrors?: Record<string, string> }
  | { kind: 'fault'; message: string; code?: string };

export interface BetRequest {
  id: number;
  playerId: number;
  input: PlaceBetInput;
}

/** A placed bet's answer crosses as its receipt's JSON text (the one stored under its key). */
export type BetAnswer = { id: number; receipt: string } | { id: number; error: WireError };

/**
 * Bets cross between the threads in bundles: those read in one turn of the server's event loop go as
 * one message, and the answers of one commit come back as one. A message wakes the other thread, and
 * at a few bets a commit, a message each cost a few percent of a bet's CPU.
 */
export type ToPlacementThread = { type: 'bets'; bets: BetRequest[] } | { type: 'stats'; id: number } | { type: 'stop' };

export type FromPlacementThread =
  | { type: 'ready' }
  | { type: 'answers'; answers: BetAnswer[] }
  | { type: 'stats'; id: number; stats: BatcherStats }
  | { type: 'stopped' };

export interface PlacementThreadData {
  file: string;
  writeLock: SharedArrayBuffer;
  hookSettings: DomainHookSettings;
}

export function toWireError(error: unknown): WireError {
  if (error instanceof AppError) {
    return {
      kind: 'refusal',
      httpStatus: error.httpStatus,
      statusCode: error.statusCode,
      message: error.message,
      ...(error.fieldErrors ? { fieldErrors: error.fieldErrors } : {}),
    };
  }
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  return {
    kind: 'fault',
    message: error instanceof Error ? error.message : String(error),
    ...(typeof code === 'string' ? { code } : {}),
  };
}

export function fromWireError(error: WireError): Error {
  if (error.kind === 'refusal')
    return new AppError(error.httpStatus, error.statusCode, error.message, error.fieldErrors);
  return Object.assign(new Error(`Bet placement thread: ${error.message}`), error.code ? { code: error.code } : {});
}
