// The head of /staff: its title, CSV export of the list as filtered and sorted (for those who
// may export: ExportButton) and Invite for those with the create right (InviteModal.tsx).
import { type CrudFilter, type CrudSort, useTranslate } from "@refinedev/core";
import { Button, Space, Typography } from "antd";
import { ExportButton } from "../../features/csv/ExportButton";
import type { ResourceDefinition } from "../../resources/types";

interface Props {
  def: ResourceDefinition;
  title: string;
  filters: CrudFilter[];
  sorters: CrudSort[];
  mayInvite: boolean;
  onInvite: () => void;
}

export function StaffHeader({ def, title, filters, sorters, mayInvite, onInvite }: Props) {
  const t = useTranslate();
  return (
    <Space style={{ width: "100%", justifyContent: "space-between", marginBottom: 16 }}>
      <Typography.Title level={3} style={{ margin: 0 }}>
        {title}
      </Typography.Title>
      <Space>
        <ExportButton definition={def} filters={filters} sorters={sorters} />
        {mayInvite && (
          <Button type="primary" onClick={onInvite}>
            {t("staff.invite", "Invite")}
          </Button>
        )}
      </Space>
    </Space>
  );
}
