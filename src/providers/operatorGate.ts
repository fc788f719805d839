// The console's side of a sign-in, after the right password (and the app's code, when the
// account has one): the operator gate (an account that is no active operator is signed out
// again), with the console's first reads going out beside it.

import { MESSAGES } from "../i18n/messages";
import { consoleResources } from "../resources";
import { anyRpc } from "./anyTable";
import { rememberedKind } from "./backendKind";
import {
  forgetFirstReads,
  IDENTITY,
  NOT_READ,
  PREFERENCES,
  rpcReadKey,
  startFirstRead,
  takeScreenReads,
} from "./firstReads";
import { loadLiveSchema } from "./liveSchema";
import { readOperatorRow } from "./operatorRow";
import type { PermissionStore } from "./permissions";
import { readPreferenceRow } from "./preferenceRows";
import { markSignedIn, markSigningOut } from "./session";
import { type AuthOutcome, failed } from "./signIn";
import type { ConsoleClient } from "./supabaseClient";

/**
 * Starts what the console reads first (firstReads.ts) when a session exists: the gate's
 * permissions, the live schema, the operator's row and preferences, and the first screen's
 * reads once the live schema says the screen applies to this project.
 */
export async function warmUp(client: ConsoleClient, permissions: PermissionStore): Promise<void> {
  const { data } = await client.auth.getSession();
  const userId = data.session?.user.id;
  if (!userId) return;
  // A failure here is the console's to report when it asks again (the store does not keep it).
  void permissions.get().catch(() => undefined);
  // The resources of the live schema: from the cache at once, or describe() beside the rest.
  const schema = loadLiveSchema(client, userId).catch(() => undefined);
  startFirstRead(userId, IDENTITY, () => readOperatorRow(client, userId));
  startFirstRead(userId, PREFERENCES, () => readPreferenceRow(client, userId));
  const { reads, applies } = takeScreenReads();
  for (const read of reads) {
    // A screen of the project's own (the demo's dashboard) reads its functions only where the
    // live schema says the screen is there (a page override's condition, src/overrides.tsx).
    startFirstRead(userId, rpcReadKey(read), () =>
      schema.then(() =>
        applies(consoleResources())
          ? (anyRpc(client, read.rpc, read.args, { get: true }) as PromiseLike<unknown>)
          : NOT_READ,
      ),
    );
  }
}

/**
 * Operators only: an account without permission rows is signed out again. A project without
 * Opsdesk lets the session through to the console's "not installed" screen, which reads nothing.
 */
async function passesOperatorGate(client: ConsoleClient, permissions: PermissionStore): Promise<boolean> {
  const held = await permissions.get();
  if (held.size > 0 || rememberedKind() === "missing") return true;
  markSigningOut();
  await client.auth.signOut({ scope: "local" });
  return false;
}

/** The password (and the app's code) were right: the operator gate decides. */
export async function finishSignIn(client: ConsoleClient, permissions: PermissionStore): Promise<AuthOutcome> {
  permissions.clear();
  await warmUp(client, permissions);
  try {
    if (!(await passesOperatorGate(client, permissions))) {
      forgetFirstReads();
      return failed(MESSAGES.noAccess);
    }
  } catch {
    forgetFirstReads();
    return failed(MESSAGES.network);
  }
  markSignedIn();
  return { ok: true };
}
