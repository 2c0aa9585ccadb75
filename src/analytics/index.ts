/**
 * Analytics adapter (000 §7): events for banner and popup impressions and
 * clicks and for page direction changes. The offline default pushes each
 * event onto window.dataLayer (what a tag manager reads); a deployment can
 * swap the adapter (setAnalyticsAdapter) without touching callers.
 */
export type AnalyticsAdapter = (event: string, data: Record<string, unknown>) => void;

const dataLayerAdapter: AnalyticsAdapter = (event, data) => {
  if (typeof window === 'undefined') return;
  (window.dataLayer ??= []).push({ event, ...data });
};

let adapter: AnalyticsAdapter = dataLayerAdapter;

export function setAnalyticsAdapter(a: AnalyticsAdapter | null): void {
  adapter = a ?? dataLayerAdapter;
}

/** Never throws: analytics must not break a screen. */
export function track(event: string, data: Record<string, unknown> = {}): void {
  try {
    adapter(event, data);
  } catch {
    // Ignored on purpose.
  }
}

/** Tag-manager event of the documents: publisher_viewer_banner with Click or Impression. */
export function trackPublisherViewerBanner(kind: 'Click' | 'Impression', bannerId: number): void {
  track('publisher_viewer_banner', { action: kind, banner_id: bannerId });
}
