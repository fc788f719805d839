// Where a record's files live: one folder per record, named by its id ('42/…'), which
// the storage policies check (supabase/migrations/20250612100000_storage_record_folders.sql).

export const folderOf = (recordId: unknown) => String(recordId);

const IMAGE_EXTENSIONS: Record<string, string> = { "image/png": "png", "image/jpeg": "jpg", "image/webp": "webp" };

/**
 * A new, never reused name for a record's image: a replacement gets a fresh URL, so no
 * browser or CDN shows the old picture from its cache.
 */
export function newImagePath(recordId: unknown, mimeType: string, random: () => string = () => crypto.randomUUID()) {
  const extension = IMAGE_EXTENSIONS[mimeType.toLowerCase()] ?? "bin";
  return `${folderOf(recordId)}/${random()}.${extension}`;
}

/**
 * A new, never reused name for a file column's object: '<schema>/<table>/<column>/<uuid>.<ext>',
 * the folder storage RLS lets operators write (install 0003, opsdesk.file_access). The extension
 * is the image type's, else the file name's own (letters and digits), else none.
 */
export function fileColumnPath(
  column: { schema: string; table: string; name: string },
  file: { name: string },
  mimeType: string,
  random: () => string = () => crypto.randomUUID(),
): string {
  const own = /\.([A-Za-z0-9]{1,8})$/.exec(file.name)?.[1]?.toLowerCase();
  const extension = IMAGE_EXTENSIONS[mimeType.toLowerCase()] ?? own;
  return `${column.schema}/${column.table}/${column.name}/${random()}${extension ? `.${extension}` : ""}`;
}

const MAX_NAME = 100;

/**
 * A file name storage accepts as a key (letters, digits and a few marks; no slashes),
 * readable for the operator: accents dropped, other characters become "_".
 */
export function safeFileName(name: string): string {
  const plain = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^\w.()-]+/g, "_");
  const extension = /\.[A-Za-z0-9]{1,8}$/.exec(plain)?.[0] ?? "";
  const stem = plain.slice(0, plain.length - extension.length);
  // No hidden or dot-led names ('../', '.env'), nothing left empty.
  const cleanStem = stem.replace(/^[._]+|_+$/g, "").slice(0, MAX_NAME - extension.length) || "file";
  return `${cleanStem}${extension.toLowerCase()}`;
}

export const documentPath = (recordId: unknown, fileName: string) => `${folderOf(recordId)}/${safeFileName(fileName)}`;

/** The file name part of an object path. */
export const fileNameOf = (path: string) => path.slice(path.lastIndexOf("/") + 1);
