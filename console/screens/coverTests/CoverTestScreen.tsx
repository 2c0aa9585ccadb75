import { useCallback, useState } from 'react';
import type { CoverTest } from '../../../core/console/schemas/coverTests';
import { useClock } from '../../../web/clock';
import { t, tBuilt } from '../../i18n';
import { period } from '../../ui/format';
import { Loading, Problem } from '../../ui/ui';
import { useCall } from '../../ui/useLoad';
import { useMember } from '../../ui/sessionContext';
import { reaches } from '../../ui/access';
import { Confidence, Figures, testName, variantName } from './Figures';
import { DraftActions, RunningActions } from './CoverTestActions';
import { useCoverTest } from './useCoverTest';
import './coverTests.css';

/** /cover-tests/:id: one cover test, its variants and figures, edited through its lifecycle. */
export default function CoverTestScreen({ id }: { id: number }) {
  const first = useCall('GET /cover-tests/:id', { params: { id } });
  const [test, setTest] = useState<CoverTest | null>(null);
  const onTest = useCallback((x: CoverTest) => setTest(x), []);
  if (first.error) return <Problem code={first.error} />;
  const x = test ?? first.data;
  if (!x) return <Loading />;
  return <TestEditor test={x} onTest={onTest} />;
}

/** What the screen says of an ended test's winner: picked or by the period's measure, on a title or a banner. */
function wonKey(test: CoverTest) {
  if (test.endedBy !== 'period') return test.slot === 'banner' ? 'console.coverTest.wonByPickBanner' : 'console.coverTest.wonByPick';
  if (test.measure === 'taps') return 'console.coverTest.wonByTaps';
  return test.slot === 'banner' ? 'console.coverTest.wonByShareBanner' : 'console.coverTest.wonByShare';
}

/** A refusal in this screen's words where the console's general ones would say less. */
const OWN_PROBLEMS = new Set(['wrong-state', 'too-few-variants', 'too-many-variants']);

function TestEditor({ test, onTest }: { test: CoverTest; onTest: (t: CoverTest) => void }) {
  const clock = useClock();
  const member = useMember();
  const editor = reaches('POST /cover-tests/:id/end', member.roles);
  const { snap, state, send } = useCoverTest(test, onTest, clock);
  const problem = snap.context.problem;
  const busy = state === 'saving' || state === 'ending' || state === 'loading';
  return (
    <div className="c-cover-test">
      <h1>
        {t('console.coverTest.heading', {
          name: testName(test),
          slot: tBuilt(`console.coverTest.slot.${test.slot}`),
        })}
      </h1>
      <p className="c-cover-test__state" role="status">
        {tBuilt(`console.coverTest.state.${state}`)}
        {test.startsAt ? ` · ${period(test.startsAt, test.endsAt)}` : ''}
      </p>
      {state === 'ended' && test.winner >= 0 ? <p>{t(wonKey(test), { variant: variantName(test.winner) })}</p> : null}
      {state === 'ended' && test.winner < 0 ? (
        <p>{t(test.slot === 'banner' ? 'console.coverTest.discardedBanner' : 'console.coverTest.discarded')}</p>
      ) : null}
      {problem && OWN_PROBLEMS.has(problem) ? (
        <div className="c-alert" role="alert">
          {tBuilt(`console.coverTest.problem.${problem}`)}
        </div>
      ) : (
        <Problem code={problem === 'conflict' ? null : problem} />
      )}
      {state === 'conflict' ? (
        <div className="c-alert c-alert--info" role="alert">
          <p>{t('console.coverTest.conflict')}</p>
          <button type="button" className="c-button" onClick={() => send({ type: 'conflict.reload' })}>
            {t('console.common.reload')}
          </button>
        </div>
      ) : null}
      <Figures test={test} />
      {test.startsAt ? <Confidence test={test} /> : null}
      {editor && (state === 'draft' || (busy && test.state === 'draft')) ? (
        <DraftActions
          variants={test.images.length}
          disabled={busy}
          onAdd={(file) => send({ type: 'variant.add', file })}
          onStart={(days) => send({ type: 'test.start', days })}
          onDiscard={() => send({ type: 'test.discard' })}
        />
      ) : null}
      {editor && (state === 'running' || (busy && test.state === 'running')) ? (
        <RunningActions
          banner={test.slot === 'banner'}
          variants={test.images.length}
          disabled={busy}
          onPick={(winner) => send({ type: 'test.end', winner })}
          onDiscard={() => send({ type: 'test.discard' })}
        />
      ) : null}
    </div>
  );
}
