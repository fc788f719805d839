// A list row's Show, Edit and Delete. Refine's ShowButton/EditButton/DeleteButton each
// resolve the resource from the route on every render (three per row: most of a page
// change's render time); here the list prepares the links and the delete once, and a row
// is two links and a confirm. The delete is undoable (undo/DeferredDeletes).
import { DeleteOutlined, EditOutlined, EyeOutlined } from "@ant-design/icons";
import { type BaseKey, type BaseRecord, useNavigation, useTranslate } from "@refinedev/core";
import { Button, Popconfirm, Space } from "antd";
import { useCallback } from "react";
import { Link } from "react-router";
import { idColumnOf } from "../lib/select";
import type { ResourceDefinition } from "../resources/types";
import { useDeleteRecords } from "./undo/useDeleteRecords";

export interface RowPermissions {
  show: boolean;
  edit: boolean;
  delete: boolean;
}

/** The actions cell renderer of a list, for the rows' ids. */
export function useRowActions(def: ResourceDefinition, allowed: RowPermissions) {
  const t = useTranslate();
  const { showUrl, editUrl } = useNavigation();
  const deleteRecords = useDeleteRecords(def);
  const idColumn = idColumnOf(def);
  const canShow = def.screens?.show !== false && allowed.show;
  const canEdit = def.screens?.edit !== false && allowed.edit;
  const canDelete = def.screens?.delete !== false && allowed.delete;

  return useCallback(
    (record: BaseRecord) => {
      const id = record[idColumn] as BaseKey;
      return (
        <Space>
          {canShow && (
            <Link to={showUrl(def.name, id)}>
              <Button size="small" icon={<EyeOutlined />} aria-label={t("buttons.show", "Show")} />
            </Link>
          )}
          {canEdit && (
            <Link to={editUrl(def.name, id)}>
              <Button size="small" icon={<EditOutlined />} aria-label={t("buttons.edit", "Edit")} />
            </Link>
          )}
          {canDelete && (
            <Popconfirm
              title={t("buttons.confirm", "Are you sure?")}
              okText={t("buttons.delete", "Delete")}
              okButtonProps={{ danger: true }}
              cancelText={t("buttons.cancel", "Cancel")}
              onConfirm={() => deleteRecords([record])}
            >
              <Button size="small" danger icon={<DeleteOutlined />} aria-label={t("buttons.delete", "Delete")} />
            </Popconfirm>
          )}
        </Space>
      );
    },
    [def, idColumn, canShow, canEdit, canDelete, showUrl, editUrl, deleteRecords, t],
  );
}
