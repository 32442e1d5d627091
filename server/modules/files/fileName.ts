const MAX_NAME_LENGTH = 200;
const FALLBACK_NAME = "file";

/** The name a user gave the file, minus any folder path and control characters, of sane length. */
export function cleanFileName(raw: string | undefined): string {
  // eslint-disable-next-line no-control-regex
  const base = ((raw ?? "").split(/[/\\]/).pop() ?? "").replace(/[\u0000-\u001f\u007f]/g, "").trim();
  if (!base || base === "." || base === "..") return FALLBACK_NAME;
  const chars = [...base];
  if (chars.length <= MAX_NAME_LENGTH) return base;
  const dot = base.lastIndexOf(".");
  const ext = dot > 0 ? [...base.slice(dot)].slice(0, 16).join("") : "";
  return chars.slice(0, MAX_NAME_LENGTH - [...ext].length).join("") + ext;
}

/**
 * A Content-Disposition value that keeps non-ASCII (Chinese) names intact through RFC 6266's
 * `filename*`, with an ASCII `filename` for clients that do not read it.
 */
export function contentDisposition(kind: "inline" | "attachment", name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\%;]/g, "_");
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
