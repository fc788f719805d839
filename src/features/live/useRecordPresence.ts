// The other operators on a record, for show (viewing) and edit (editing) pages, as the
// database reports them (the operator's own entries are left out by their user id).
import { type BaseKey, useGetIdentity } from "@refinedev/core";
import { useEffect, useState } from "react";
import { backend } from "../../providers/backend";
import type { PresenceMode } from "../../providers/recordViewers";
import { othersIn, type PresentOperator, recordTopic } from "./presence";

export function useRecordPresence(
  resource: string,
  id: BaseKey | undefined,
  mode: PresenceMode,
  table?: { schema: string; name: string },
): PresentOperator[] {
  const { data: me } = useGetIdentity<{ id: string }>();
  const [others, setOthers] = useState<PresentOperator[]>([]);

  // The topic names the record (a string), so a new `table` object of the same table changes nothing.
  const topic = id === undefined || id === "" ? undefined : recordTopic(resource, id, table);
  useEffect(() => {
    if (!me?.id || topic === undefined) return;
    setOthers([]);
    const selfId = me.id;
    return backend.presence.join(topic, mode, (viewers) => setOthers(othersIn(viewers, selfId)));
  }, [topic, me?.id, mode]);

  return others;
}
