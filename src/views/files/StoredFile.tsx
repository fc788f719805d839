// A file column's stored object on a list or record page: an image (by its name) is shown as a
// preview, anything else as a download link with its file name. A public bucket's object is read
// at its public URL; a private one's through a short-lived signed URL, which the operator gets
// only where storage RLS lets them read the object (docs/any-project.md, "File columns").
import { DownloadOutlined } from "@ant-design/icons";
import { useQuery } from "@tanstack/react-query";
import { Image, Typography } from "antd";
import { fileNameOf } from "../../lib/filePaths";
import { backend } from "../../providers/backend";
import { type BucketLimits, isImagePath } from "./limits";

const SIGNED_SECONDS = 600;

/** Where the object is read: its public URL, or a signed one (undefined while asked or refused). */
function useObjectUrl(limits: BucketLimits, path: string, download: boolean): string | undefined {
  const signed = useQuery({
    queryKey: ["storage-signed-url", limits.bucket, path, download],
    queryFn: () =>
      download
        ? backend.storage(limits.bucket).downloadUrl(path, SIGNED_SECONDS, fileNameOf(path))
        : backend.storage(limits.bucket).signedUrl(path, SIGNED_SECONDS),
    enabled: !limits.public,
    staleTime: (SIGNED_SECONDS / 2) * 1000,
    retry: false,
  });
  return limits.public ? backend.storage(limits.bucket).publicUrl(path) : signed.data;
}

export function StoredFile({
  limits,
  path,
  size,
  alt,
}: {
  limits: BucketLimits;
  path: string;
  size: number;
  alt: string;
}) {
  const image = isImagePath(path);
  const url = useObjectUrl(limits, path, !image);
  if (image) {
    return url ? (
      <Image src={url} width={size} height={size} style={{ objectFit: "contain" }} alt={alt} />
    ) : (
      <Typography.Text type="secondary">{fileNameOf(path)}</Typography.Text>
    );
  }
  return url ? (
    <Typography.Link href={url} target="_blank" rel="noopener noreferrer" download={fileNameOf(path)}>
      <DownloadOutlined /> {fileNameOf(path)}
    </Typography.Link>
  ) : (
    <Typography.Text>{fileNameOf(path)}</Typography.Text>
  );
}
