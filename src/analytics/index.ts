/**
 * Analytics (000 §7): events for banner and popup impressions and clicks and
 * for page direction changes, pushed onto window.dataLayer (what a tag
 * manager reads; tests read it there too). A deployment with another
 * collector changes `adapter` here, without touching callers.
 */
type AnalyticsAdapter = (event: string, data: Record<string, unknown>) => void;

const dataLayerAdapter: AnalyticsAdapter = (event, data) => {
  if (typeof window === 'undefined') return;
  (window.dataLayer ??= []).push({ event, ...data });
};

const adapter: AnalyticsAdapter = dataLayerAdapter;

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
