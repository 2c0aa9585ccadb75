import { useSelector } from '@xstate/react';
import { AUTO_SCROLL_MAX, AUTO_SCROLL_MIN } from '../../../core/viewer/autoScroll';
import { t } from '../../i18n';
import type { AutoScrollActor } from './useAutoScroll';

/** Auto-scroll's control in the bar: on/off (or resume when paused), slower, the level, faster. */
export function AutoScrollBar({ actor }: { actor: AutoScrollActor }) {
  const level = useSelector(actor, (s) => s.context.level);
  const running = useSelector(actor, (s) => s.matches({ on: 'scrolling' }) || s.matches({ on: 'turning' }));
  const paused = useSelector(actor, (s) => s.matches({ on: 'paused' }));
  const label = paused ? 'sync.autoScrollResume' : running ? 'sync.autoScrollStop' : 'sync.autoScrollStart';
  return (
    <div className="reader-tools__autoscroll" role="group" aria-label={t('sync.autoScroll')} data-testid="autoscroll">
      <button
        type="button"
        className="viewer__icon"
        aria-pressed={running}
        aria-label={t(label)}
        title={t(label)}
        data-testid="autoscroll-toggle"
        onClick={() => actor.send(paused ? { type: 'autoscroll.resume' } : { type: 'autoscroll.toggle' })}
      >
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
          <path fill="currentColor" d={running ? 'M7 5h4v14H7zm6 0h4v14h-4z' : 'M8 5v14l11-7z'} />
        </svg>
      </button>
      <button
        type="button"
        className="viewer__icon reader-tools__step"
        aria-label={t('sync.autoScrollSlower')}
        disabled={level <= AUTO_SCROLL_MIN}
        data-testid="autoscroll-slower"
        onClick={() => actor.send({ type: 'autoscroll.slower' })}
      >
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
          <path fill="currentColor" d="M5 11h14v2H5z" />
        </svg>
      </button>
      <output className="reader-tools__level" aria-live="polite" data-testid="autoscroll-level">
        {t('sync.autoScrollLevel', { level })}
      </output>
      <button
        type="button"
        className="viewer__icon reader-tools__step"
        aria-label={t('sync.autoScrollFaster')}
        disabled={level >= AUTO_SCROLL_MAX}
        data-testid="autoscroll-faster"
        onClick={() => actor.send({ type: 'autoscroll.faster' })}
      >
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
          <path fill="currentColor" d="M11 5h2v6h6v2h-6v6h-2v-6H5v-2h6z" />
        </svg>
      </button>
    </div>
  );
}
