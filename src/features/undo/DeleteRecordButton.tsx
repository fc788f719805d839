// Delete on a record's own page (show, edit): asks, schedules the undoable delete and goes to
// the list at once, where the notice offers Undo (the deleted record is not loaded again).
import { DeleteOutlined } from "@ant-design/icons";
import { type BaseRecord, useCan, useNavigation, useTranslate } from "@refinedev/core";
import { Button, Popconfirm } from "antd";
import { useNavigate } from "react-router";
import type { ResourceDefinition } from "../../resources/types";
import { useDeleteRecords } from "./useDeleteRecords";

export function DeleteRecordButton({
  definition: def,
  record,
}: {
  definition: ResourceDefinition;
  record?: BaseRecord;
}) {
  const t = useTranslate();
  const navigate = useNavigate();
  const { listUrl } = useNavigation();
  const deleteRecords = useDeleteRecords(def);
  const allowed = useCan({ resource: def.name, action: "delete" }).data?.can ?? false;
  if (!record || !allowed || def.screens?.delete === false) return null;
  const list = listUrl(def.name);
  return (
    <Popconfirm
      title={t("buttons.confirm", "Are you sure?")}
      okText={t("buttons.delete", "Delete")}
      okButtonProps={{ danger: true }}
      cancelText={t("buttons.cancel", "Cancel")}
      onConfirm={() => {
        deleteRecords([record], list);
        navigate(list);
      }}
    >
      <Button danger icon={<DeleteOutlined />}>
        {t("buttons.delete", "Delete")}
      </Button>
    </Popconfirm>
  );
}
