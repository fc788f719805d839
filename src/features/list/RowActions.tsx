// A list row's Show, Edit and Delete. Refine's ShowButton/EditButton/DeleteButton each
// resolve the resource from the route on every render (three per row: most of a page
// change's render time); here the list prepares the links and the delete once. They are
// plain elements styled like antd's small outlined buttons (RowActions.css): an antd Button
// mounts a click wave and registers its styles on every mount, which a list paid for 75 times
// per page; their icons are static markup for the same reason (adapters/antd/staticIcon.tsx). Show
// and Edit are links (they go somewhere), Delete is a button that asks first; the delete is
// undoable (undo/DeferredDeletes).
import "./RowActions.css";
import DeleteOutlined from "@ant-design/icons-svg/es/asn/DeleteOutlined";
import EditOutlined from "@ant-design/icons-svg/es/asn/EditOutlined";
import EyeOutlined from "@ant-design/icons-svg/es/asn/EyeOutlined";
import { type BaseKey, type BaseRecord, useTranslate } from "@refinedev/core";
import { Popconfirm } from "antd";
import { useCallback, useState } from "react";
import { staticIcon } from "../../adapters/antd/staticIcon";
import { ConsoleLink } from "../../components/ConsoleLink";
import { editPath, showPath } from "../../components/paths";
import { idColumnOf } from "../../lib/select";
import type { ResourceDefinition } from "../../resources/types";
import { useDeleteRecords } from "../undo/useDeleteRecords";

const SHOW_ICON = staticIcon(EyeOutlined);
const EDIT_ICON = staticIcon(EditOutlined);
const DELETE_ICON = staticIcon(DeleteOutlined);

export interface RowPermissions {
  show: boolean;
  edit: boolean;
  delete: boolean;
}

/** The actions cell renderer of a list, for the rows' ids. */
export function useRowActions(def: ResourceDefinition, allowed: RowPermissions) {
  const t = useTranslate();
  const deleteRecords = useDeleteRecords(def);
  const idColumn = idColumnOf(def);
  const canShow = def.screens?.show !== false && allowed.show;
  const canEdit = def.screens?.edit !== false && allowed.edit;
  const canDelete = def.screens?.delete !== false && allowed.delete;

  return useCallback(
    (record: BaseRecord) => {
      const id = record[idColumn] as BaseKey;
      return (
        <span className="row-actions">
          {canShow && (
            <ConsoleLink className="row-action" to={showPath(def, id)} aria-label={t("buttons.show", "Show")}>
              {SHOW_ICON}
            </ConsoleLink>
          )}
          {canEdit && (
            <ConsoleLink className="row-action" to={editPath(def, id)} aria-label={t("buttons.edit", "Edit")}>
              {EDIT_ICON}
            </ConsoleLink>
          )}
          {canDelete && <RowDeleteButton onConfirm={() => deleteRecords([record])} />}
        </span>
      );
    },
    [def, idColumn, canShow, canEdit, canDelete, deleteRecords, t],
  );
}

/**
 * A row's delete, confirmed first. A Popconfirm per row (its trigger, tooltip and resize
 * observer) cost a fifth of a page change's rendering, for a confirm an operator opens
 * rarely: it mounts on the first click, and the button, moved into it, keeps the focus.
 */
function RowDeleteButton({ onConfirm }: { onConfirm: () => void }) {
  const t = useTranslate();
  const [asked, setAsked] = useState<"not yet" | "open" | "closed">("not yet");
  const button = (
    <button
      type="button"
      className="row-action row-action-danger"
      aria-label={t("buttons.delete", "Delete")}
      // biome-ignore lint/a11y/noAutofocus: the button moved into the confirm it opened keeps the focus
      autoFocus={asked !== "not yet"}
      onClick={asked === "not yet" ? () => setAsked("open") : undefined}
    >
      {DELETE_ICON}
    </button>
  );
  if (asked === "not yet") return button;
  return (
    <Popconfirm
      open={asked === "open"}
      onOpenChange={(open) => setAsked(open ? "open" : "closed")}
      title={t("buttons.confirm", "Are you sure?")}
      okText={t("buttons.delete", "Delete")}
      okButtonProps={{ danger: true }}
      cancelText={t("buttons.cancel", "Cancel")}
      onConfirm={onConfirm}
    >
      {button}
    </Popconfirm>
  );
}
