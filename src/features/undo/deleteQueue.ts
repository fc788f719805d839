// The timing of undoable writes, without React: a delete or a bulk change waits (5 s) before
// it is sent, can be undone while it waits, and is sent at once when the operator leaves the
// screen it belongs to. A delete's rows stay hidden until the send has finished, so lists do
// not flash them back before they refetch.
export type Key = string | number;

export const UNDO_MS = 5000;

export interface PendingDelete {
  key: string;
  /** A delete hides its rows while it waits; an update (a bulk status change) leaves them. */
  kind?: "delete" | "update";
  resource: string;
  ids: Key[];
  /** The path whose screen shows the undo notice; leaving it sends the delete. */
  screen: string;
  /** When the wait ends (ms since the epoch). */
  deadline: number;
  state: "waiting" | "sending";
}

interface Entry extends PendingDelete {
  send: () => Promise<void>;
  timer: ReturnType<typeof setTimeout>;
}

export class DeleteQueue {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly onChange: (pending: PendingDelete[]) => void,
    private readonly waitMs = UNDO_MS,
  ) {}

  /** Returns when the wait ends. */
  schedule(delete_: Omit<PendingDelete, "deadline" | "state">, send: () => Promise<void>): number {
    const timer = setTimeout(() => this.sendNow(delete_.key), this.waitMs);
    const deadline = Date.now() + this.waitMs;
    this.entries.set(delete_.key, { ...delete_, deadline, state: "waiting", send, timer });
    this.changed();
    return deadline;
  }

  /** Cancels a waiting delete; false when it is already being sent (or unknown). */
  undo(key: string): boolean {
    const entry = this.entries.get(key);
    if (entry?.state !== "waiting") return false;
    clearTimeout(entry.timer);
    this.entries.delete(key);
    this.changed();
    return true;
  }

  /** Sends every waiting delete that does not belong to `screen` (all of them without one). */
  leave(screen?: string): void {
    for (const entry of [...this.entries.values()])
      if (entry.state === "waiting" && entry.screen !== screen) this.sendNow(entry.key);
  }

  private sendNow(key: string): void {
    const entry = this.entries.get(key);
    if (entry?.state !== "waiting") return;
    clearTimeout(entry.timer);
    entry.state = "sending";
    this.changed();
    void entry.send().finally(() => {
      this.entries.delete(key);
      this.changed();
    });
  }

  private changed(): void {
    this.onChange([...this.entries.values()].map(({ send: _send, timer: _timer, ...pending }) => ({ ...pending })));
  }
}
