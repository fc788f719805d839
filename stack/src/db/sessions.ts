// Whether the auth session a JWT names (its `session_id` claim) still exists, for the
// services that accept access tokens without Auth (REST, storage, realtime's broadcast
// API): "sign out everywhere" deletes the sessions, and their access tokens must stop
// working at once, not when they expire an hour later (docs/security.md "Signed-out
// tokens"). Hosted Supabase checks only signature and expiry there; this is stricter.
// A live session is remembered for a short while (one indexed lookup per session per
// LIVE_MS), and forgotten at once when base 44 notifies its deletion
// (`stack_session_revoked`) or when Auth signs a user out in this process.
import type pg from "pg";
import type { Database } from "./index.js";
import type { Listener } from "./listen.js";

/** How long a session found alive is trusted without asking again. */
const LIVE_MS = 2_000;
const MAX_REMEMBERED = 10_000;

export class SessionLiveness {
  private readonly live = new Map<string, { userId: string; until: number }>();
  private listener: Listener | undefined;

  constructor(
    private readonly pool: pg.Pool,
    private readonly listen: Database["listen"],
  ) {}

  async start(): Promise<void> {
    this.listener = await this.listen("stack_session_revoked", (sessionId) => this.live.delete(sessionId));
  }

  async stop(): Promise<void> {
    await this.listener?.stop();
  }

  /** True when the claims name no session (service keys, old tokens) or a session that exists. */
  async claimsLive(claims: Record<string, unknown>): Promise<boolean> {
    const sessionId = claims.session_id;
    if (typeof sessionId !== "string") return true;
    const known = this.live.get(sessionId);
    if (known && known.until > Date.now()) return true;
    const { rows } = await this.pool.query<{ user_id: string }>(
      "select user_id::text from auth.sessions where id::text = $1",
      [sessionId],
    );
    if (rows.length === 0) {
      this.live.delete(sessionId);
      return false;
    }
    if (this.live.size >= MAX_REMEMBERED) this.live.clear();
    this.live.set(sessionId, { userId: rows[0].user_id, until: Date.now() + LIVE_MS });
    return true;
  }

  /** Auth deleted sessions of this user (sign-out): none of them is trusted from the cache. */
  forgetUser(userId: string): void {
    for (const [id, entry] of this.live) if (entry.userId === userId) this.live.delete(id);
  }
}
