// The time a stack's protocols run on: token lifetimes (issue and check), OTP and link
// lifetimes, signed URLs, ban ends, metadata times and cron schedules read it instead of
// Date.now(). A stack runs on the system clock; a world of the QA kit runs on its own,
// moved forward by `clock.advance()` together with its database's now() (docs/qa.md).
export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
}

export const SYSTEM_CLOCK: Clock = { now: () => Date.now() };

/** A clock `offsetMs` ahead of the system's; it only moves forward. */
export class OffsetClock implements Clock {
  private offset = 0;
  private readonly listeners = new Set<(offsetMs: number) => void>();

  now(): number {
    return Date.now() + this.offset;
  }

  get offsetMs(): number {
    return this.offset;
  }

  /** Moves the clock `ms` forward and tells the listeners (timers re-plan, cron catches up). */
  advance(ms: number): void {
    if (!Number.isFinite(ms) || ms < 0) throw new RangeError(`a clock moves forward only (got ${ms} ms)`);
    this.offset += ms;
    for (const listener of this.listeners) listener(this.offset);
  }

  onMove(listener: (offsetMs: number) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
