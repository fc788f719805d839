// A record's History hears its changes while open (docs/any-project.md: the audit trigger
// broadcasts each statement on `opsdesk:table:<schema>:<table>`): a change of the record, or of
// any row of a table filed under it (an order's items, whose events name only the item),
// asks for the entries again. Renders nothing.
import { useSubscription } from "@refinedev/core";
import { useRef } from "react";
import { metaFor } from "../../lib/select";
import { findResource } from "../../resources";
import type { ResourceDefinition } from "../../resources/types";

function OnChange({
  definition: def,
  recordId,
  onChange,
}: {
  definition: ResourceDefinition;
  recordId?: string;
  onChange: () => void;
}) {
  const latest = useRef(onChange);
  latest.current = onChange;
  useSubscription({
    channel: `resources/${def.name}`,
    types: ["*"],
    params: recordId === undefined ? { resource: def.name } : { resource: def.name, ids: [recordId] },
    meta: metaFor(def),
    onLiveEvent: () => latest.current(),
  });
  return null;
}

export function HistoryLive({
  definition: def,
  recordId,
  onChange,
}: {
  definition: ResourceDefinition;
  recordId: string;
  onChange: () => void;
}) {
  const filed = (def.historyIncludes ?? [])
    .map((child) => findResource(child.table))
    .filter((child): child is ResourceDefinition => child !== undefined);
  return (
    <>
      <OnChange definition={def} recordId={recordId} onChange={onChange} />
      {filed.map((child) => (
        <OnChange key={child.name} definition={child} onChange={onChange} />
      ))}
    </>
  );
}
