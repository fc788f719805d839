// An image stored in a public Storage bucket, shown as a small thumbnail.
import { Image } from "antd";
import { backend } from "../../providers/backend";

export function StorageImage({ bucket, path }: { bucket: string; path: string }) {
  return (
    <Image
      src={backend.storage(bucket).publicUrl(path)}
      width={64}
      height={64}
      style={{ objectFit: "cover" }}
      alt={path}
    />
  );
}
