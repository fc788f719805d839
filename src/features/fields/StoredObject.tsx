// A column that holds a key to a stored file (storage.objects; docs/any-project.md, "Keys to
// stored objects"): lists and record pages show the object's bucket and path with a download,
// where storage's policies let the operator read it (the id otherwise); forms pick the object
// among the stored files the operator may read, searched by bucket and path, with size and date,
// or upload a new one into a bucket (under the operator's own folder; storage's policies decide).
import { DownloadOutlined, UploadOutlined } from "@ant-design/icons";
import { useTranslate } from "@refinedev/core";
import { useQuery } from "@tanstack/react-query";
import { Button, Select, type SelectProps, Space, Typography } from "antd";
import { useEffect, useMemo, useRef, useState, useSyncExternalStore } from "react";
import { useFormat } from "../../i18n/useFormat";
import { fileNameOf } from "../../lib/filePaths";
import { backend } from "../../providers/backend";
import type { StoredObject } from "../../providers/storedObjects";
import { formatBytes } from "../files/formatBytes";
import { limitsFromBucket } from "../files/liveLimits";
import { type StorageLikeError, storageErrorMessage } from "../files/storageErrors";
import { FieldSelect } from "./FieldSelect";

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
        onClick={(event) => {
          // Inside a list row: the download, not the row's own click.
          event.stopPropagation();
          void download();
        }}
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

/**
 * Uploads a new file into a bucket the operator picks (the only one, else a choice) and hands its
 * id on; Storage's refusal (a type or size its bucket refuses, a folder its policies refuse) is said.
 */
function UploadObject({ onUploaded }: { onUploaded: (object: StoredObject) => void }) {
  const t = useTranslate();
  const buckets = useQuery({
    queryKey: ["opsdesk-object-buckets"],
    queryFn: () => backend.storedObjects().buckets(),
    staleTime: 60_000,
  });
  const [chosen, setChosen] = useState<string | undefined>();
  const [uploading, setUploading] = useState(false);
  const [problem, setProblem] = useState<string | undefined>();
  const input = useRef<HTMLInputElement>(null);
  const rows = buckets.data ?? [];
  if (rows.length === 0) return null;
  const bucket = rows.find((b) => b.id === chosen) ?? rows[0];
  const upload = async (file: File) => {
    setUploading(true);
    setProblem(undefined);
    try {
      onUploaded(await backend.storedObjects().upload(bucket.id, file));
    } catch (error) {
      setProblem(storageErrorMessage(error as StorageLikeError, limitsFromBucket(bucket), (key, text) => t(key, text)));
    } finally {
      setUploading(false);
    }
  };
  return (
    <div style={{ marginTop: 8 }}>
      <Space wrap>
        {rows.length > 1 && (
          <Select
            aria-label={t("files.uploadBucket", "Bucket to upload into")}
            value={bucket.id}
            onChange={setChosen}
            options={rows.map((b) => ({ value: b.id, label: b.id }))}
            style={{ minWidth: 160 }}
          />
        )}
        <Button icon={<UploadOutlined />} loading={uploading} onClick={() => input.current?.click()}>
          {t("files.uploadObject", { bucket: bucket.id }, "Upload a file to {{bucket}}")}
        </Button>
      </Space>
      <input
        ref={input}
        type="file"
        hidden
        aria-label={t("files.uploadObject", { bucket: bucket.id }, "Upload a file to {{bucket}}")}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = "";
          if (file) void upload(file);
        }}
      />
      {problem && (
        <div>
          <Typography.Text type="danger" role="alert">
            {problem}
          </Typography.Text>
        </div>
      )}
    </div>
  );
}

/** Picks a stored file the operator may read: search by bucket and path, newest first; or uploads one. */
export function StoredObjectPicker({ value, label, onChange, ...rest }: PickerProps) {
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

  const select = (
    <FieldSelect
      {...rest}
      onChange={onChange}
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
  return (
    <>
      {select}
      <UploadObject
        onUploaded={(object) => {
          setFound((objects) => [object, ...objects.filter((o) => o.id !== object.id)]);
          onChange?.(object.id, { value: object.id, label: where(object) });
        }}
      />
    </>
  );
}
