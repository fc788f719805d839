// An image stored in a public Storage bucket, shown as a small thumbnail.
import { Image } from "antd";
import { supabase } from "../providers/supabaseClient";

export function StorageImage({ bucket, path }: { bucket: string; path: string }) {
  const { data } = supabase.storage.from(bucket).getPublicUrl(path);
  return <Image src={data.publicUrl} width={64} height={64} style={{ objectFit: "cover" }} alt={path} />;
}
