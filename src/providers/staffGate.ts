// The console's side of a sign-in, after the right password (and the app's code, when the
// account has one): the staff gate, with the console's first reads going out beside it.

import { MESSAGES } from "../i18n/messages";
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
import type { PermissionStore } from "./permissions";
import { readPreferenceRow } from "./preferenceRows";
import { markSignedIn, markSigningOut } from "./session";
import { type AuthOutcome, failed } from "./signIn";
import { readStaffRow } from "./staffRow";
import type { ConsoleClient } from "./supabaseClient";

/**
 * Starts what the console reads first (firstReads.ts) when a session exists: the staff gate's
 * permissions and the first screen's reads, side by side.
 */
export async function warmUp(client: ConsoleClient, permissions: PermissionStore): Promise<void> {
  const { data } = await client.auth.getSession();
  const userId = data.session?.user.id;
  if (!userId) return;
  // A failure here is the console's to report when it asks again (the store does not keep it).
  const held = permissions.get().catch(() => undefined);
  // A project seen for the first time: whether it has Opsdesk (the answer to the permissions)
  // decides where the operator's rows are and whether the demo's first screen applies.
  const known = rememberedKind() ? Promise.resolve() : held;
  const screenReads = takeScreenReads();
  startFirstRead(userId, IDENTITY, () => known.then(() => readStaffRow(client, userId)));
  startFirstRead(userId, PREFERENCES, () => known.then(() => readPreferenceRow(client, userId)));
  for (const read of screenReads) {
    startFirstRead(userId, rpcReadKey(read), () =>
      known.then(() =>
        rememberedKind() === "opsdesk"
          ? Promise.resolve(NOT_READ)
          : (anyRpc(client, read.rpc, read.args, { get: true }) as PromiseLike<unknown>),
      ),
    );
  }
  // The resources of the live schema: from the cache at once, or describe() beside the rest.
  loadLiveSchema(client, userId).catch(() => undefined);
}

/** Staff only: an account without permission rows is signed out again. */
async function passesStaffGate(client: ConsoleClient, permissions: PermissionStore): Promise<boolean> {
  const held = await permissions.get();
  if (held.size > 0) return true;
  markSigningOut();
  await client.auth.signOut({ scope: "local" });
  return false;
}

/** The password (and the app's code) were right: the staff gate decides. */
export async function finishSignIn(client: ConsoleClient, permissions: PermissionStore): Promise<AuthOutcome> {
  permissions.clear();
  await warmUp(client, permissions);
  try {
    if (!(await passesStaffGate(client, permissions))) {
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
