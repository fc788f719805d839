// Seeded random walks through the console as admin, editor and viewer: moving between
// screens all day the way operators do (menus, rows, back and forward, palette, shortcuts,
// lists, language, theme, typed addresses, phone width), asserting after every step that
// the screen is whole. WALK_STEPS and WALK_SEED replay or lengthen a walk; `npm test` walks
// 60 steps per role, the roles side by side. A failure prints the seed and every step up to it.

import { permissionsOf } from "./backend";
import type { Role } from "./helpers";
import { permissionsShown } from "./helpers";
import { newOperatorPage } from "./operatorPage";
import { test } from "./test";
import { DESKTOP, Mover } from "./walk/actions";
import { settle, watchErrors } from "./walk/checks";
import { Prng } from "./walk/prng";

const STEPS = Number(process.env.WALK_STEPS ?? 60);
const BASE_SEED = Number(process.env.WALK_SEED ?? 20261124);
const ROLES: Role[] = ["admin", "editor", "viewer"];

// Full motion, as most operators have it: the walk is where a step racing an animation shows.
test.use({ reducedMotion: "no-preference" });

/** Each role walks its own path from the one base seed. */
const seedOf = (role: Role) => (BASE_SEED + 7919 * (ROLES.indexOf(role) + 1)) >>> 0;

for (const role of ROLES) {
  test(`a seeded random walk as ${role} keeps every screen whole`, async () => {
    test.setTimeout(120_000 + STEPS * 25_000);
    const seed = seedOf(role);
    const may = await permissionsOf(role);
    // A new operator: the walk switches language and theme, which are stored per operator.
    const page = await newOperatorPage(role, DESKTOP);
    // A move that cannot be made fails the step instead of waiting for the whole walk's time.
    page.setDefaultTimeout(20_000);
    const errors = watchErrors(page);
    const mover = new Mover(page, new Prng(seed));
    const log: string[] = [];
    const replay = `WALK_SEED=${BASE_SEED} WALK_STEPS=${STEPS} npx playwright test e2e/walk.spec.ts -g "as ${role}"`;
    const fail = (step: number, error: unknown): never => {
      const message = error instanceof Error ? error.message : String(error);
      throw new Error(
        `walk as ${role} (seed ${seed}, base seed ${BASE_SEED}) failed at step ${step} of ${STEPS}:\n${message}\n\n` +
          `steps:\n${log.join("\n")}\n\nreplay: ${replay}`,
      );
    };

    await page.goto("/");
    // The shortcuts help and the menu list the screens the role may open once permissions are known.
    await permissionsShown(page);
    let state = await settle(page, may, errors, false).catch((error) => fail(0, error));
    for (let step = 1; step <= STEPS; step++) {
      try {
        const started = Date.now();
        const move = await mover.choose(state);
        const entry = `${String(step).padStart(4)}. `;
        log.push(`${entry}${move}…`);
        log[log.length - 1] = `${entry}${await mover.run(move)}`;
        const moved = Date.now();
        state = await settle(page, may, errors, mover.narrow);
        log[log.length - 1] +=
          `  → ${state.pathname}${state.search ? "?…" : ""}  (${moved - started} + ${Date.now() - moved} ms)`;
      } catch (error) {
        fail(step, error);
      }
      // A long walk says how far it is, for whoever watches a run of hours.
      if (step % 100 === 0) console.log(`walk as ${role}: ${step} of ${STEPS} steps`);
    }
    console.log(`walk as ${role}: ${STEPS} steps from seed ${seed} (base ${BASE_SEED}) passed`);
    if (process.env.WALK_LOG) console.log(log.join("\n"));
    await page.context().close();
  });
}
