// A column that holds a key to a stored file (storage.objects; docs/any-project.md, "Keys to
// stored objects"): lists and record pages show the object's bucket and path with a download,
// where storage's policies let the operator read it (the id otherwise); forms pick the object
// among the stored files the operator may read, searched by bucket and path, with size and date.
import { DownloadOutlined } from "@ant-design/icons";
import { useTranslate } from "@refinedev/core";
import { Button, type SelectProps, Space, Typography } from "antd";
import { useEffect, useMemo, useState, useSyncExternalStore } from "react";
import { useFormat } from "../../i18n/useFormat";
import { fileNameOf } from "../../lib/filePaths";
import { backend } from "../../providers/backend";
import type { StoredObject } from "../../providers/storedObjects";
import { FieldSelect } from "../fields/FieldSelect";
import { formatBytes } from "./formatBytes";

const SIGNED_SECONDS = 600;

const where = (object: StoredObject) => `${object.bucket}/${object.path}`;

/** The object `id` names (undefined while asked, null where unreadable); nothing asked without an id. */
function useStoredObject(id: string | undefined): StoredObject | null | undefined {
  const objects = backend.storedObjects();
  return useSyncExternalStore(
    (listener) => (id ? objects.watch(id, listener) : () => undefined),
    () => (id ? objects.get(id) : undefined),
  );
}

/** The object's bucket and path, and a download through a short-lived signed link. */
export function StoredObjectLink({ id }: { id: string }) {
  const t = useTranslate();
  const object = useStoredObject(id);
  const [failed, setFailed] = useState(false);
  if (!object) {
    return (
      <Typography.Text
        code
        title={object === null ? t("files.objectUnreadable", "A stored file you may not read") : id}
      >
        {id}
      </Typography.Text>
    );
  }
  const download = async () => {
    setFailed(false);
    try {
      const url = await backend
        .storage(object.bucket)
        .downloadUrl(object.path, SIGNED_SECONDS, fileNameOf(object.path));
      window.location.assign(url);
    } catch {
      setFailed(true);
    }
  };
  return (
    <Space size={4} wrap>
      <Button
        type="link"
        size="small"
        icon={<DownloadOutlined />}
        onClick={() => void download()}
        title={t("files.downloadObject", { path: where(object) }, "Download {{path}}")}
        style={{ paddingInline: 0 }}
      >
        {where(object)}
      </Button>
      {object.size !== null && <Typography.Text type="secondary">{formatBytes(object.size)}</Typography.Text>}
      {failed && (
        <Typography.Text type="danger">
          {t("files.downloadFailed", "The file could not be downloaded.")}
        </Typography.Text>
      )}
    </Space>
  );
}

type PickerProps = Omit<SelectProps<string>, "options" | "onSearch" | "showSearch" | "filterOption"> & {
  label: string;
};

/** Picks a stored file the operator may read: search by bucket and path, newest first. */
export function StoredObjectPicker({ value, label, ...rest }: PickerProps) {
  const t = useTranslate();
  const format = useFormat();
  const [words, setWords] = useState("");
  const [found, setFound] = useState<StoredObject[]>([]);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  const chosen = useStoredObject(typeof value === "string" && value !== "" ? value : undefined);

  useEffect(() => {
    let current = true;
    setLoading(true);
    backend
      .storedObjects()
      .search(words)
      .then((objects) => {
        if (!current) return;
        setFound(objects);
        setFailed(false);
      })
      .catch(() => current && setFailed(true))
      .finally(() => current && setLoading(false));
    return () => {
      current = false;
    };
  }, [words]);

  const options = useMemo(() => {
    const list = chosen && !found.some((o) => o.id === chosen.id) ? [chosen, ...found] : found;
    return list.map((object) => ({ value: object.id, label: where(object), object }));
  }, [found, chosen]);

  return (
    <FieldSelect
      {...rest}
      value={value === "" ? undefined : value}
      showSearch
      allowClear
      filterOption={false}
      onSearch={setWords}
      loading={loading}
      placeholder={t("files.chooseObject", { resource: label }, "Choose a stored file")}
      notFoundContent={
        failed
          ? t("files.objectsFailed", "The stored files could not be listed.")
          : t("files.noObjects", "No stored file you may read matches.")
      }
      options={options}
      optionRender={(option) => {
        const object = (option.data as { object: StoredObject }).object;
        const details = [
          object.size === null ? undefined : formatBytes(object.size),
          object.createdAt ? format.dateTime(object.createdAt) : undefined,
        ].filter(Boolean);
        return (
          <div>
            <div>{where(object)}</div>
            {details.length > 0 && (
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {details.join(" · ")}
              </Typography.Text>
            )}
          </div>
        );
      }}
    />
  );
}
