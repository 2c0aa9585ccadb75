import { t } from '../../i18n';
import { useCall } from '../../ui/useLoad';

/** The series' one publisher, from the publishers the console has (their banner and news show on its title pages). */
export function PublisherSelect({ value, onChange }: { value: number; onChange: (id: number) => void }) {
  const { data } = useCall('GET /publishers', {});
  return (
    <div className="c-field">
      <label htmlFor="series-publisher">{t('console.series.publisher')}</label>
      <select id="series-publisher" required value={value || ''} onChange={(e) => onChange(Number(e.target.value))}>
        <option value="" disabled>
          {t('console.series.choosePublisher')}
        </option>
        {data?.publishers.map((p) => (
          <option key={p.id} value={p.id}>
            {p.name}
          </option>
        ))}
      </select>
    </div>
  );
}
