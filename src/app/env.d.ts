/** Vite define (vite.config.ts): the machine explorer route is built in. */
declare const __MACHINE_EXPLORER__: boolean;

interface Window {
  /** Tag-manager queue (src/analytics). */
  dataLayer?: Record<string, unknown>[];
}
