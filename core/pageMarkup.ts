/**
 * Names in the HTML the server writes and the browser's start-up code reads
 * (server/plugins/web.ts writes them; src/boot/ reads them).
 */

/**
 * The attribute on stylesheets a page loads without holding its first frame:
 * linked with media="print" and this attribute, applied by the entry
 * (src/boot/deferredStyles.ts) before the app renders anything they style.
 */
export const DEFERRED_STYLE = 'data-deferred-style';

/** The id of the `<script type="application/json">` element carrying the server's boot data (src/boot/pageData.ts). */
export const BOOT_ELEMENT_ID = '__boot';
