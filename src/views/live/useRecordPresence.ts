// The other operators on a record, for show (viewing) and edit (editing) pages, as the
// database reports them (the operator's own entries are left out by their user id).
import { type BaseKey, useGetIdentity } from "@refinedev/core";
import { useEffect, useState } from "react";
import { backend } from "../../providers/backend";
import type { PresenceMode } from "../../providers/recordViewers";
import { othersIn, type PresentOperator, recordTopic } from "./presence";

export function useRecordPresence(resource: string, id: BaseKey | undefined, mode: PresenceMode): PresentOperator[] {
  const { data: me } = useGetIdentity<{ id: string }>();
  const [others, setOthers] = useState<PresentOperator[]>([]);

  useEffect(() => {
    if (!me?.id || id === undefined || id === "") return;
    setOthers([]);
    const selfId = me.id;
    return backend.presence.join(recordTopic(resource, id), mode, (viewers) => setOthers(othersIn(viewers, selfId)));
  }, [resource, id, me?.id, mode]);

  return others;
}
