export interface CatchUp {
  /** The log's size in pages after the last round. */
  log: number;
  /** When the log was last seen to grow (ms, the caller's clock). */
  grewAt: number;
}

export declare const CATCH_UP_SPACING_MS: number;
export declare const RUSH_OVER_AFTER_MS: number;

export declare function nextCatchUp(
  previous: CatchUp | undefined,
  log: number,
  now: number,
  catchUpFromPages: number,
): CatchUp | undefined;
