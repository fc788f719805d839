// The other operators on a record, for show (viewing) and edit (editing) pages.
import { type BaseKey, useGetIdentity } from "@refinedev/core";
import { useEffect, useState } from "react";
import { backend } from "../../providers/backend";
import type { PresenceMode } from "../../providers/presenceChannels";
import { othersIn, type PresentOperator, recordTopic } from "./presence";

interface Identity {
  id: string;
  name?: string;
  email?: string;
}

export function useRecordPresence(resource: string, id: BaseKey | undefined, mode: PresenceMode): PresentOperator[] {
  const { data: me } = useGetIdentity<Identity>();
  const [others, setOthers] = useState<PresentOperator[]>([]);
  const name = me?.name ?? me?.email ?? "";

  useEffect(() => {
    if (!me?.id || id === undefined || id === "") return;
    setOthers([]);
    const selfId = me.id;
    return backend.presence.join(recordTopic(resource, id), { user_id: selfId, name, email: me.email, mode }, (state) =>
      setOthers(othersIn(state, selfId)),
    );
  }, [resource, id, me?.id, me?.email, name, mode]);

  return others;
}
