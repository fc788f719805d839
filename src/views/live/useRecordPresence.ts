// The other operators on a record, for show (viewing) and edit (editing) pages.
import { type BaseKey, useGetIdentity } from "@refinedev/core";
import { useEffect, useState } from "react";
import { supabase } from "../../providers/supabaseClient";
import { createPresenceChannels, type PresenceMode, type PresentOperator, recordTopic } from "./presence";

const presence = createPresenceChannels(supabase);

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
    return presence.join(recordTopic(resource, id), { user_id: me.id, name, email: me.email, mode }, setOthers);
  }, [resource, id, me?.id, me?.email, name, mode]);

  return others;
}
