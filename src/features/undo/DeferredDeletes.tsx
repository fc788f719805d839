// Undoable writes for the whole console. Deletes (list rows, show and edit pages, bulk): the
// rows disappear at once under a notice "Deleted <name>. Undo" with a countdown; the delete is
// sent when the time runs out or the operator leaves the screen, and a delete the database
// refuses brings its rows back with the refusal as the only message. Bulk changes (a status
// set on the ticked rows) wait the same way under "Setting …. Undo"; the screen that asked
// reports their outcome, or, once the operator has left it, a notice names the refused rows.
import { type BaseKey, keys, useInvalidate, useTranslate } from "@refinedev/core";
import { useQueryClient } from "@tanstack/react-query";
import { App, Button } from "antd";
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from "react";
import { useLocation } from "react-router";
import { localizeMessage } from "../../i18n/messages";
import { tCount } from "../../i18n/plural";
import { closableNotice } from "../../providers/notificationProvider";
import { DeleteQueue, type Key, type PendingDelete } from "./deleteQueue";
import { RefusedRows } from "./RefusedRows";

export interface DeleteOutcome {
  deleted: Key[];
  refused: { id: Key; title: string; message: string }[];
}

export interface DeleteRequest {
  resource: string;
  ids: Key[];
  /** What the notice names: "product Aquarium pump", "3 products". */
  name: string;
  /** The screen that shows the notice (default: the current one); leaving it sends the delete. */
  screen?: string;
  send: () => Promise<DeleteOutcome>;
}

export interface UpdateOutcome {
  changed: Key[];
  /** Rows that already held the values: not written. */
  unchanged: Key[];
  refused: { id: Key; title: string; message: string }[];
}

export interface UpdateRequest {
  resource: string;
  ids: Key[];
  /** The notice while the change waits ("Setting 12 products to active."), in the operator's language. */
  notice: string;
  /** The title of a notice naming refused rows ("2 of 12 products could not be changed"). */
  refusedTitle: (count: number) => string;
  screen?: string;
  send: () => Promise<UpdateOutcome>;
  /**
   * The outcome (or the failure of the whole call) for the screen that asked; false when that
   * screen is gone, and the refusals are then named in a notice.
   */
  report: (outcome: UpdateOutcome | Error) => boolean;
}

interface DeferredDeletes {
  schedule: (request: DeleteRequest) => void;
  scheduleUpdate: (request: UpdateRequest) => void;
  pending: PendingDelete[];
}

const DeferredDeletesContext = createContext<DeferredDeletes | undefined>(undefined);
let nextKey = 0;

function useDeferredDeletesContext(): DeferredDeletes {
  const value = useContext(DeferredDeletesContext);
  if (!value) throw new Error("needs <DeferredDeletesProvider>");
  return value;
}

/** Schedules an undoable delete. */
export const useScheduleDelete = () => useDeferredDeletesContext().schedule;

/** Schedules an undoable change of rows (a bulk status change). */
export const useScheduleUpdate = () => useDeferredDeletesContext().scheduleUpdate;

/** The ids of a resource whose delete waits or is being sent: lists leave them out. */
export function usePendingDeleteIds(resource: string): Set<string> {
  const { pending } = useDeferredDeletesContext();
  return useMemo(
    () =>
      new Set(pending.filter((p) => p.resource === resource && p.kind !== "update").flatMap((p) => p.ids.map(String))),
    [pending, resource],
  );
}

// Notices render outside Refine's providers (antd's App holder): texts come translated.
function UndoButton({
  deadline,
  label,
  onUndo,
}: {
  deadline: number;
  label: (seconds: number) => string;
  onUndo: () => void;
}) {
  const secondsLeft = () => Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
  const [seconds, setSeconds] = useState(secondsLeft);
  // biome-ignore lint/correctness/useExhaustiveDependencies: ticks until the deadline it was given
  useEffect(() => {
    const tick = setInterval(() => setSeconds(secondsLeft()), 250);
    return () => clearInterval(tick);
  }, [deadline]);
  return (
    <Button type="primary" onClick={onUndo} disabled={seconds === 0}>
      {label(seconds)}
    </Button>
  );
}

export function DeferredDeletesProvider({ children }: { children: ReactNode }) {
  const t = useTranslate();
  const { notification } = App.useApp();
  const invalidate = useInvalidate();
  const queryClient = useQueryClient();
  const { pathname } = useLocation();
  const [pending, setPending] = useState<PendingDelete[]>([]);
  const [queue] = useState(() => new DeleteQueue(setPending));

  // Leaving a screen sends its deletes; so does leaving the console (sign-out).
  useEffect(() => queue.leave(pathname), [queue, pathname]);
  useEffect(() => () => queue.leave(), [queue]);
  // Closing or reloading the page would drop a waiting delete: the browser asks first.
  const waiting = pending.some((p) => p.state === "waiting");
  useEffect(() => {
    if (!waiting) return;
    const ask = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener("beforeunload", ask);
    return () => window.removeEventListener("beforeunload", ask);
  }, [waiting]);

  const finish = useCallback(
    async (request: DeleteRequest, key: string) => {
      const outcome = await request.send().catch(
        (error: Error): DeleteOutcome => ({
          deleted: [],
          refused: request.ids.map((id) => ({ id, title: String(id), message: error.message })),
        }),
      );
      for (const id of outcome.deleted)
        queryClient.removeQueries({
          queryKey: keys()
            .data("default")
            .resource(request.resource)
            .action("one")
            .id(id as BaseKey)
            .get(),
        });
      await invalidate({ resource: request.resource, invalidates: ["list", "many"] });
      if (outcome.refused.length === 0) return;
      const single = request.ids.length === 1;
      notification.error({
        key,
        message: single
          ? t("undo.refused", { name: request.name }, "Could not delete {{name}}")
          : tCount(
              t,
              "undo.refusedSome",
              outcome.refused.length,
              {
                one: "{{count}} of {{name}} could not be deleted",
                other: "{{count}} of {{name}} could not be deleted",
              },
              { name: request.name },
            ),
        description: single ? (
          localizeMessage(outcome.refused[0].message, t)
        ) : (
          <RefusedRows
            rows={outcome.refused.map((item) => ({ title: item.title, message: localizeMessage(item.message, t) }))}
          />
        ),
        duration: 0,
        closable: closableNotice(t("notifications.close", "Close")),
      });
    },
    [invalidate, notification, queryClient, t],
  );

  const finishUpdate = useCallback(
    async (request: UpdateRequest, key: string) => {
      const outcome = await request.send().catch((error: Error) => error);
      await invalidate({ resource: request.resource, invalidates: ["list", "many", "detail"] });
      if (request.report(outcome)) return;
      const refused: UpdateOutcome["refused"] =
        outcome instanceof Error
          ? request.ids.map((id) => ({ id, title: String(id), message: outcome.message }))
          : outcome.refused;
      if (refused.length === 0) return;
      notification.error({
        key,
        message: request.refusedTitle(refused.length),
        description: (
          <RefusedRows
            rows={refused.map((item) => ({ title: item.title, message: localizeMessage(item.message, t) }))}
          />
        ),
        duration: 0,
        closable: closableNotice(t("notifications.close", "Close")),
      });
    },
    [invalidate, notification, t],
  );

  /** Queues a write behind its undo notice. */
  const defer = useCallback(
    (
      entry: { kind: "delete" | "update"; resource: string; ids: Key[]; screen?: string },
      message: string,
      send: (key: string) => Promise<void>,
    ) => {
      nextKey += 1;
      const key = `deferred-${entry.kind}-${nextKey}`;
      const screen = entry.screen ?? pathname;
      const deadline = queue.schedule(
        { key, kind: entry.kind, resource: entry.resource, ids: entry.ids, screen },
        () => {
          notification.destroy(key);
          return send(key);
        },
      );
      notification.open({
        key,
        message,
        btn: (
          <UndoButton
            deadline={deadline}
            label={(seconds) => t("undo.button", { seconds }, "Undo ({{seconds}} s)")}
            onUndo={() => {
              if (queue.undo(key)) notification.destroy(key);
            }}
          />
        ),
        duration: 0,
        closable: false,
      });
    },
    [queue, pathname, notification, t],
  );

  const schedule = useCallback(
    (request: DeleteRequest) =>
      defer({ kind: "delete", ...request }, t("undo.deleted", { name: request.name }, "Deleted {{name}}."), (key) =>
        finish(request, key),
      ),
    [defer, finish, t],
  );

  const scheduleUpdate = useCallback(
    (request: UpdateRequest) =>
      defer({ kind: "update", ...request }, request.notice, (key) => finishUpdate(request, key)),
    [defer, finishUpdate],
  );

  const value = useMemo(() => ({ schedule, scheduleUpdate, pending }), [schedule, scheduleUpdate, pending]);
  return <DeferredDeletesContext.Provider value={value}>{children}</DeferredDeletesContext.Provider>;
}
