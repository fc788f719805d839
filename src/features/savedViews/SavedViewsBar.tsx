// The list's view controls: choose a saved view, save the current one as a new view,
// and for the chosen view save changes, rename, make default, delete; plus the columns.
import { DownOutlined, StarFilled } from "@ant-design/icons";
import { useTranslate } from "@refinedev/core";
import { Alert, App, Button, Dropdown, Select, Space } from "antd";
import { useState } from "react";
import { useAttempt } from "../../components/useAttempt";
import { localizeMessage, MESSAGES } from "../../i18n/messages";
import type { ResourceDefinition } from "../../resources/types";
import { ColumnChooser } from "./ColumnChooser";
import type { ListView } from "./useListView";
import { ViewNameModal } from "./ViewNameModal";

interface Props {
  definition: ResourceDefinition;
  view: ListView;
}

export function SavedViewsBar({ definition, view }: Props) {
  const t = useTranslate();
  // The App context's modal: antd's static Modal.confirm renders nothing under React 19.
  const { modal } = App.useApp();
  const [dialog, setDialog] = useState<"saveAs" | "rename">();
  const { error, attempt } = useAttempt();
  const { selected } = view;
  // A load that got no answer is the connection banner's to say; it loads again by itself.
  const loadError = [view.views.error?.message, view.columnChoice.error].find((m) => m && m !== MESSAGES.network);
  const shownError = error ?? loadError;
  const updateSelected = (patch: Parameters<typeof view.update.mutateAsync>[0]["patch"]) =>
    selected && attempt(() => view.update.mutateAsync({ id: selected.id, patch }));

  const menu = [
    { key: "save", label: t("savedViews.saveChanges", "Save changes"), disabled: !view.modified },
    { key: "rename", label: t("savedViews.rename", "Rename…") },
    selected?.is_default
      ? { key: "undefault", label: t("savedViews.unsetDefault", "Stop opening the list with this view") }
      : { key: "default", label: t("savedViews.setDefault", "Open the list with this view") },
    { key: "delete", label: t("savedViews.delete", "Delete"), danger: true },
  ];

  const onMenu = (key: string) => {
    if (!selected) return;
    if (key === "save") void updateSelected(view.stateToSave());
    if (key === "rename") setDialog("rename");
    if (key === "default") void updateSelected({ is_default: true });
    if (key === "undefault") void updateSelected({ is_default: false });
    if (key === "delete") {
      modal.confirm({
        title: t("savedViews.deleteConfirm", { name: selected.name }, "Delete the view “{{name}}”?"),
        okText: t("savedViews.delete", "Delete"),
        okButtonProps: { danger: true },
        cancelText: t("savedViews.cancel", "Cancel"),
        onOk: () =>
          attempt(async () => {
            await view.remove.mutateAsync(selected.id);
            view.apply(undefined);
          }),
      });
    }
  };

  return (
    <Space direction="vertical" style={{ width: "100%" }}>
      <Space wrap>
        <Select
          aria-label={t("savedViews.view", "Saved view")}
          style={{ minWidth: 240 }}
          placeholder={t("savedViews.standard", "Standard view")}
          allowClear
          loading={view.views.isLoading}
          value={selected?.id}
          onChange={(id) => view.apply(view.views.data?.find((v) => v.id === id))}
          options={(view.views.data ?? []).map((v) => ({
            value: v.id,
            label: (
              <span>
                {v.name}
                {v.is_default && (
                  <StarFilled
                    aria-label={t("savedViews.default", "default")}
                    style={{ marginLeft: 6, color: "#faad14" }}
                  />
                )}
              </span>
            ),
          }))}
        />
        {selected && (
          <Dropdown menu={{ items: menu, onClick: ({ key }) => onMenu(key) }} trigger={["click"]}>
            <Button>
              {t("savedViews.actions", "View")}
              {view.modified && ` (${t("savedViews.modified", "changed")})`} <DownOutlined />
            </Button>
          </Dropdown>
        )}
        <Button onClick={() => setDialog("saveAs")}>{t("savedViews.saveAs", "Save view as…")}</Button>
        <ColumnChooser definition={definition} columns={view.columns} onChange={view.setColumns} />
      </Space>
      {shownError && <Alert type="error" showIcon role="alert" closable message={localizeMessage(shownError, t)} />}
      {dialog === "saveAs" && (
        <ViewNameModal
          title={t("savedViews.saveAsTitle", "Save view as")}
          askDefault
          onClose={() => setDialog(undefined)}
          onSubmit={async (name, isDefault) => {
            const created = await view.create.mutateAsync({ ...view.stateToSave(), name, is_default: isDefault });
            view.setSelectedId(created.id);
          }}
        />
      )}
      {dialog === "rename" && selected && (
        <ViewNameModal
          title={t("savedViews.renameTitle", "Rename view")}
          initialName={selected.name}
          askDefault={false}
          onClose={() => setDialog(undefined)}
          onSubmit={(name) => view.update.mutateAsync({ id: selected.id, patch: { name } })}
        />
      )}
    </Space>
  );
}
