/**
 * The Origin check of console writes (beside the X-Console-Request header):
 * a cookie-borne POST, PUT, PATCH or DELETE must say it comes from the
 * deployment's own origin, by its Origin header or, lacking one, its Referer.
 * Browsers send Origin on every such request (the console's page sends no
 * Referer); a request naming neither is refused. Bearer tokens are not
 * checked: they carry no ambient credential.
 */
const originOf = (url: string): string | null => {
  try {
    const o = new URL(url).origin;
    return o === 'null' ? null : o;
  } catch {
    return null;
  }
};

/** The deployment's own origin: PUBLIC_URL's, else the request's own scheme and host. */
export const ownOrigin = (publicUrl: string, protocol: string, host: string): string | null =>
  originOf(publicUrl || `${protocol}://${host}`);

/** Whether a write's Origin (else Referer) is the deployment's own origin. */
export function fromOwnOrigin(headers: { origin?: string | undefined; referer?: string | undefined }, own: string | null): boolean {
  const said = headers.origin !== undefined ? originOf(headers.origin) : headers.referer !== undefined ? originOf(headers.referer) : null;
  return own !== null && said === own;
}
