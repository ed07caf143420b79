/** SPEC §9: delay before the full-screen gallery re-requests its images. */
export const GALLERY_REFRESH_DELAY_MS = 500;

/**
 * The image address with a cache-busting `r=<n>` query parameter (replacing an
 * earlier one, keeping other parameters and the fragment). `n <= 0`, `data:`
 * and `blob:` addresses are returned unchanged.
 */
export function withCacheBust(src: string, n: number): string {
  if (n <= 0 || src === "" || /^(data|blob):/i.test(src)) return src;
  const hashAt = src.indexOf("#");
  const hash = hashAt >= 0 ? src.slice(hashAt) : "";
  const beforeHash = hashAt >= 0 ? src.slice(0, hashAt) : src;
  const queryAt = beforeHash.indexOf("?");
  const path = queryAt >= 0 ? beforeHash.slice(0, queryAt) : beforeHash;
  const params = (queryAt >= 0 ? beforeHash.slice(queryAt + 1) : "").split("&").filter((part) => part !== "" && part !== "r" && !part.startsWith("r="));
  params.push(`r=${n}`);
  return `${path}?${params.join("&")}${hash}`;
}
