import type { DragEvent } from 'react';
import { Link } from 'wouter';
import { MACHINES } from '../../../machines/index';
import { t } from '../../i18n';
import { fraction, isFull, machineCoverage } from './coverageModel';
import { useCoverage } from './coverageStore';

/** Every machine, each with its UI coverage at a glance (states, transitions) when a record is loaded. */
export function MachineList({ current, onDrop }: { current: string | undefined; onDrop: (e: DragEvent) => void }) {
  const { records } = useCoverage();
  return (
    <nav className="machines__list" aria-label={t('machines.all')} onDragOver={(e) => e.preventDefault()} onDrop={onDrop}>
      <h1>{t('machines.title')}</h1>
      <ul>
        {MACHINES.map((m) => {
          const c = records ? machineCoverage(records, m.name) : null;
          return (
            <li key={m.name} data-machine={m.name}>
              <Link href={`/machines/${m.name}`} aria-current={m.name === current ? 'page' : undefined}>
                {m.name}
              </Link>
              {records ? (
                <span
                  className={`machines__cov machines__cov--${c ? (isFull(c) ? 'full' : 'part') : 'none'}`}
                  data-testid="list-coverage"
                  data-states={c ? fraction(c, 'states') : ''}
                  data-transitions={c ? fraction(c, 'transitions') : ''}
                  title={
                    c
                      ? `${t('machines.states')} ${fraction(c, 'states')} · ${t('machines.transitions')} ${fraction(c, 'transitions')}`
                      : undefined
                  }
                >
                  {c ? fraction(c, 'transitions').split(' ')[1] : t('machines.noUiRun')}
                </span>
              ) : null}
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
