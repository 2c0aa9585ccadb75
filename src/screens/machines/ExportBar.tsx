import { useState, type RefObject } from 'react';
import type { AnyStateMachine } from 'xstate';
import { t } from '../../i18n';
import { loadSession, saveSession, type Session } from './recorder';
import { machineJson } from './chartModel';
import { download } from './download';
import { standaloneSvg } from './Statechart';

/**
 * The explorer's exports: the chart as a standalone SVG, the machine as
 * JSON (every field), the recorded session as JSON, and loading a saved
 * session again (its actors join the tree, stopped).
 */
export function ExportBar({
  name,
  machine,
  svgRef,
  ready,
}: {
  name: string;
  machine: AnyStateMachine;
  svgRef: RefObject<SVGSVGElement | null>;
  ready: boolean;
}) {
  const [loadError, setLoadError] = useState<string | null>(null);
  return (
    <div className="export-bar">
      <button
        type="button"
        className="button"
        disabled={!ready}
        onClick={() => svgRef.current && download(`${name}.svg`, 'image/svg+xml', standaloneSvg(svgRef.current))}
      >
        {t('machines.exportSvg')}
      </button>
      <button type="button" className="button" onClick={() => download(`${name}.json`, 'application/json', machineJson(machine))}>
        {t('machines.exportJson')}
      </button>
      <button
        type="button"
        className="button"
        onClick={() => download('machine-session.json', 'application/json', JSON.stringify(saveSession()))}
      >
        {t('machines.saveSession')}
      </button>
      <label className="button export-bar__load">
        {t('machines.loadSession')}
        <input
          type="file"
          accept="application/json,.json"
          data-testid="load-session"
          onChange={(e) => {
            const f = e.target.files?.[0];
            if (!f) return;
            void f.text().then((text) => {
              try {
                loadSession(JSON.parse(text) as Session);
                setLoadError(null);
              } catch (err) {
                setLoadError(String(err));
              }
            });
          }}
        />
      </label>
      {loadError ? (
        <p role="alert" className="stepper__error">
          {t('machines.error')}: {loadError}
        </p>
      ) : null}
    </div>
  );
}
