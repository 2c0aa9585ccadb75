import { t } from '../i18n';
import './Medal.css';

const COLORS = ['#d4a017', '#a8a9ad', '#b06d2b'] as const;

/** A medal icon for ranks 1 to 3, the number otherwise (000 §2 Ranking). */
export function RankMark({ rank }: { rank: number }) {
  if (rank >= 1 && rank <= 3) {
    const c = COLORS[rank - 1];
    return (
      <span className={`rank rank--medal rank--${rank}`} role="img" aria-label={t('common.rank', { rank })}>
        <svg viewBox="0 0 32 40" width="28" height="35" aria-hidden="true">
          <path d="M8 0h6l4 12h-6zM24 0h-6l-4 12h6z" fill="#e4002b" />
          <circle cx="16" cy="25" r="13" fill={c} stroke="#0003" strokeWidth="1.5" />
          <text x="16" y="30" textAnchor="middle" fontSize="14" fontWeight="700" fill="#fff">
            {rank}
          </text>
        </svg>
      </span>
    );
  }
  return (
    <span className="rank rank--number" aria-label={t('common.rank', { rank })}>
      {rank}
    </span>
  );
}
