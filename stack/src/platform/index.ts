// What the Supabase platform runs beside the database: pg_net's and pg_cron's
// background workers (see db/extensions.ts for how their SQL interface gets in).
// Started once the gateway listens, since requests may come back to it.
import type { StackContext } from "../context.js";
import { type CronScheduler, startCronScheduler } from "./cron.js";
import { type NetWorker, startNetWorker } from "./net.js";

export interface PlatformWorkers {
  net: NetWorker;
  cron: CronScheduler;
  stop(): Promise<void>;
}

export async function startPlatformWorkers(ctx: StackContext): Promise<PlatformWorkers> {
  const log = ctx.log.child("platform");
  const net = await startNetWorker(ctx.db.listen, ctx.db.admin, () => ctx.config.api.external_url, log);
  const cron = await startCronScheduler(ctx.db, ctx.clock, log);
  return {
    net,
    cron,
    async stop() {
      await cron.stop();
      await net.stop();
    },
  };
}
