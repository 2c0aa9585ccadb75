import { useCallback, useEffect, useMemo, useState } from 'react';
import { useMachine } from '@xstate/react';
import type { Survey, SurveyPatch, SurveyText } from '../../../core/console/schemas/surveys';
import { surveyLifecycleMachine, type SurveyLifecycleEvent, type SurveyShape } from '../../../machines/console/surveyLifecycleMachine';
import { inspect } from '../../../web/inspector';
import { every, useClock } from '../../../web/clock';
import { problemCode } from '../../api/client';
import { useLatest } from '../../ui/machineEffects';
import { patchSurvey, saveSurvey, type SurveyFields } from './surveyApi';

/** Every language must hold a question; the rules then look at all of them. */
const shapeOf = (texts: Record<string, SurveyText>): SurveyShape => {
  const all = Object.values(texts);
  return { questions: all.length === 0 || all.some((x) => x.questions.length === 0) ? [] : all.flatMap((x) => x.questions) };
};

/** The request an open or a close sends (which survey, what to send): it comes with the machine's event. */
type Request = { key: string; body: SurveyPatch };

/** The lifecycle machine's effects: the request the event carries sent, the answer told back to the actor. */
function provideLifecycle(saved: (s: Survey) => void) {
  const patch = (request: unknown, self: { send: (e: SurveyLifecycleEvent) => void }) => {
    const r = request as Request;
    patchSurvey(r.key, r.body).then(
      (a) => {
        saved(a);
        self.send({ type: 'request.done' });
      },
      (e: unknown) => self.send({ type: 'request.failed', code: problemCode(e) }),
    );
  };
  return surveyLifecycleMachine.provide({
    actions: {
      openSurvey: ({ self }, p) => patch(p.request, self),
      closeSurvey: ({ self }, p) => patch(p.request, self),
    },
  });
}

/**
 * A survey's editor (machines/console/surveyLifecycleMachine.ts) with the
 * real calls: the survey as last saved (`current`), the form's save and its
 * refusal, opening and closing, and the end of its period on the console's clock.
 */
export function useSurveyEditor(survey: Survey | null, onSaved: (s: Survey) => void) {
  const clock = useClock();
  const [refused, setRefused] = useState<unknown>(null);
  const [current, setCurrent] = useState(survey);
  const report = useLatest(onSaved);
  const saved = useCallback(
    (x: Survey) => {
      setCurrent(x);
      setRefused(null);
      report.current(x);
    },
    [report],
  );
  // One actor per editor.
  const machine = useMemo(() => provideLifecycle(saved), [saved]);
  const [state, send] = useMachine(machine, { input: { status: survey?.status ?? 'draft' }, inspect });
  useEffect(
    () =>
      every(clock, 1000, () => {
        if (current?.endAt != null && clock.now() / 1000 >= current.endAt) send({ type: 'period.ended' });
      }),
    [clock, send, current?.endAt],
  );
  return {
    status: state.value as string,
    problems: state.context.problems,
    refused,
    save: (key: string, fields: SurveyFields) => void saveSurvey(current, key, fields).then(saved, setRefused),
    open: (texts: Record<string, SurveyText>, fields: SurveyFields) => {
      const c = current!;
      // A survey with answers keeps its questions: only its status changes.
      const body = c.answers > 0 ? { status: 'open' as const } : { ...fields, status: 'open' as const };
      send({ type: 'survey.open', survey: shapeOf(texts), request: { key: c.key, body: { ...body, version: c.version } } });
    },
    close: () => send({ type: 'survey.close', request: { key: current!.key, body: { status: 'closed', version: current!.version } } }),
  };
}
