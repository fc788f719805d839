// Undoable deletes for the whole console (list rows, show and edit pages, bulk): the rows
// disappear at once under a notice "Deleted <name>. Undo" with a countdown; the delete is
// sent when the time runs out or the operator leaves the screen, and a delete the database
// refuses brings its rows back with the refusal as the only message.
import { type BaseKey, keys, useInvalidate, useTranslate } from "@refinedev/core";
import { useQueryClient } from "@tanstack/react-query";
import { App, Button } from "antd";
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from "react";
import { useLocation } from "react-router";
import { localizeMessage } from "../../i18n/messages";
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

interface DeferredDeletes {
  schedule: (request: DeleteRequest) => void;
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

/** The ids of a resource whose delete waits or is being sent: lists leave them out. */
export function usePendingDeleteIds(resource: string): Set<string> {
  const { pending } = useDeferredDeletesContext();
  return useMemo(
    () => new Set(pending.filter((p) => p.resource === resource).flatMap((p) => p.ids.map(String))),
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
          : t(
              "undo.refusedSome",
              { count: outcome.refused.length, name: request.name },
              "{{count}} of {{name}} could not be deleted",
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

  const schedule = useCallback(
    (request: DeleteRequest) => {
      nextKey += 1;
      const key = `deferred-delete-${nextKey}`;
      const screen = request.screen ?? pathname;
      const deadline = queue.schedule({ key, resource: request.resource, ids: request.ids, screen }, () => {
        notification.destroy(key);
        return finish(request, key);
      });
      notification.open({
        key,
        message: t("undo.deleted", { name: request.name }, "Deleted {{name}}."),
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
    [queue, pathname, finish, notification, t],
  );

  const value = useMemo(() => ({ schedule, pending }), [schedule, pending]);
  return <DeferredDeletesContext.Provider value={value}>{children}</DeferredDeletesContext.Provider>;
}
