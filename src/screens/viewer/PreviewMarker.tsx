import { previewToken } from '../../viewer/api';
import { t } from '../../i18n';
import './previewMarker.css';

/** A staff preview link (?preview=): marked on screen, so nobody takes it for what readers see. Taps pass through. */
export function PreviewMarker() {
  if (previewToken() === null) return null;
  return (
    <p className="viewer-preview-marker" data-testid="viewer-preview-marker">
      {t('viewer.previewMarker')}
    </p>
  );
}
