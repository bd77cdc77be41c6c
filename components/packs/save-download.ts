// Saves a download response as a file in the browser (for downloads fetched with headers a plain
// link cannot send, such as the workspace header). Returns the file name used.

/** The file name a download response names (content-disposition), else the fallback. */
export function filenameOf(res: Response, fallback: string): string {
  return /filename="([^"]+)"/.exec(res.headers.get("content-disposition") ?? "")?.[1] ?? fallback;
}

export async function saveDownload(res: Response, fallback: string): Promise<string> {
  const filename = filenameOf(res, fallback);
  const url = URL.createObjectURL(await res.blob());
  const link = document.createElement("a");
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked later: some browsers start reading the URL only after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return filename;
}
