// The audit log's Record column: the record by its title as it was then (recordTitle in
// referenceLabels.ts), linked to its page while it exists; its key on hover.
import { Tooltip } from "antd";
import { Link } from "react-router";
import type { AuditEntry } from "./diff";
import { useReferenceLabel } from "./ReferenceLabels";
import { recordTitle } from "./referenceLabels";

export function AuditRecord({ entry, path }: { entry: AuditEntry; path?: string }) {
  const labelOf = useReferenceLabel();
  const named = recordTitle(entry);
  const title =
    "title" in named
      ? named.title
      : named.references.map(({ resource, key }) => labelOf(resource, key) ?? key).join(" · ");
  const shown = path ? <Link to={path}>{title}</Link> : title;
  return title === entry.record_id ? shown : <Tooltip title={entry.record_id}>{shown}</Tooltip>;
}
