// Hands a finished CSV to the browser as a file download.
export function downloadText(parts: string[], fileName: string) {
  const url = URL.createObjectURL(new Blob(parts, { type: "text/csv;charset=utf-8" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.click();
  // The download has its own reference to the data once started.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
