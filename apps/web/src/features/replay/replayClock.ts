/** The replay's speeds: half, normal and double. */
export const REPLAY_SPEEDS = [0.5, 1, 2] as const;
export type ReplaySpeed = (typeof REPLAY_SPEEDS)[number];

/**
 * A replay's own clock: the race time it shows (ms from the off), which runs at a speed and can pause. The
 * drawing reads `now()` each frame; `now` is the device's clock (performance.now in the page).
 */
export class ReplayClock {
  private base = 0;
  private since: number;
  private rate: ReplaySpeed = 1;
  private stopped: boolean;

  constructor(
    private readonly wall: () => number,
    options: { paused?: boolean } = {},
  ) {
    this.since = wall();
    this.stopped = options.paused ?? false;
  }

  /** The race time shown now. */
  now = (): number => (this.stopped ? this.base : this.base + (this.wall() - this.since) * this.rate);

  get paused(): boolean {
    return this.stopped;
  }

  get speed(): ReplaySpeed {
    return this.rate;
  }

  private rebase(): void {
    this.base = this.now();
    this.since = this.wall();
  }

  pause(): void {
    this.rebase();
    this.stopped = true;
  }

  play(): void {
    this.rebase();
    this.stopped = false;
  }

  setSpeed(speed: ReplaySpeed): void {
    this.rebase();
    this.rate = speed;
  }

  /** Back to the off, playing. */
  restart(): void {
    this.base = 0;
    this.since = this.wall();
    this.stopped = false;
  }
}

/** m:ss of a time in ms. */
export function minutesSeconds(ms: number): string {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}
