import { afterEach, beforeAll, beforeEach, describe, it } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { surveyLifecycleMachine, type SurveyLifecycleContext, type SurveyShape } from '../../machines/console/surveyLifecycleMachine';
import { App } from '../../console/app/App';
import { setMessages } from '../../console/i18n';
import en from '../../console/i18n/locales/en.json';
import { manualConsoleClock, problem, scriptedConsoleApi } from './consoleApi';
import { runUiModel } from './uiModel';

const member = { id: '3', email: 'ed@example.com', name: 'Ed Editor', roles: ['editor'], languages: [] };
const session = { member, session: { id: 's', idleExpiresAt: 0, expiresAt: 0, reauthUntil: 0 } };
const START_MS = Date.UTC(2026, 10, 26, 9, 0);
const T = START_MS / 1000;
const question = {
  description: 'Favourite genre?',
  canSkip: false,
  numberOfChoices: 2,
  selection: ['Action', 'Romance', 'Comedy'],
  hideFreeform: false,
  freeForm: 'Something else',
};
const survey = (status: string, version = 1) => ({
  key: 'readers2026',
  status,
  startAt: T - 60,
  endAt: T + 3600,
  texts: { en: { subject: 'Tell us', questions: [question], answeredSubject: 'Thanks', answeredBody: '' } },
  answers: 0,
  version,
});
const good: SurveyShape = { questions: [question] };
const empty: SurveyShape = { questions: [] };

/** A survey's draft, open and closed on the real console's survey editor (scripted API, the console's clock). */
describe("a survey's lifecycle (model paths on the real console UI)", () => {
  const net = scriptedConsoleApi();
  let clock = manualConsoleClock(START_MS);
  let version = 1;
  beforeAll(() => setMessages('en', en, en));
  beforeEach(() => net.install());
  afterEach(() => net.uninstall());
  const click = (name: string) => fireEvent.click(screen.getByText(name, { selector: 'button' }));

  it('draft, opening, open, closing, closed; the opening rules; refusals', async () => {
    await runUiModel(
      surveyLifecycleMachine,
      {
        name: 'consoleSurveyLifecycle',
        inputs: [{ status: 'draft' }, { status: 'open' }, { status: 'closed' }],
        events: [
          { type: 'survey.open', survey: good },
          { type: 'survey.open', survey: empty },
          { type: 'survey.close' },
          { type: 'period.ended' },
          { type: 'request.done' },
          { type: 'request.failed', code: 'conflict' },
        ],
      },
      (input) => ({
        render: async () => {
          net.pending.length = 0;
          version = 1;
          clock = manualConsoleClock(START_MS);
          window.history.replaceState(null, '', '/console/surveys');
          render(<App clock={clock} />);
          await net.answer('GET', '/session', 200, session);
          await net.answer('GET', '/surveys', 200, { surveys: [survey((input as { status: string }).status)] });
          fireEvent.click(await screen.findByRole('button', { name: 'Edit survey readers2026' }));
        },
        events: {
          'survey.open': (e) => {
            const wantsQuestion = (e.survey as SurveyShape).questions.length > 0;
            const has = !!screen.queryByText('Remove question 1', { selector: 'button' });
            if (!wantsQuestion && has) click('Remove question 1');
            if (wantsQuestion && !has) {
              click('Add a question');
              fireEvent.change(screen.getByLabelText('Question'), { target: { value: 'Favourite genre?' } });
              fireEvent.change(screen.getByLabelText('Choice 1'), { target: { value: 'Action' } });
              fireEvent.change(screen.getByLabelText('Choice 2'), { target: { value: 'Romance' } });
            }
            click('Open to readers');
          },
          'survey.close': () => click('End the survey'),
          'period.ended': () => act(() => clock.advance((T + 3601) * 1000 - clock.now())),
          'request.done': async () => {
            const p = net.pending.find((x) => x.method === 'PATCH');
            version += 1;
            await net.answer('PATCH', '/surveys/readers2026', 200, survey((p?.body as { status: string }).status, version));
          },
          'request.failed': (e) => net.answer('PATCH', '/surveys/readers2026', 409, problem(409, e.code as string)),
        },
        check: (s) => {
          const v = s.value as string;
          const want = {
            draft: 'Draft: readers do not see it yet.',
            opening: 'Opening…',
            open: 'Open: readers can answer within its period.',
            closing: 'Closing…',
            closed: 'Closed: the results are kept.',
          }[v];
          if (!want || !screen.queryByText(want)) throw new Error(`${v}: "${want}" not shown`);
          const offered = (name: string) => !!screen.queryByText(name, { selector: 'button' });
          if (offered('Open to readers') !== (v === 'draft' || v === 'closed'))
            throw new Error(`${v}: "Open to readers" wrongly offered or missing`);
          if (offered('End the survey') !== (v === 'open')) throw new Error(`${v}: "End the survey" wrongly offered or missing`);
          const c = s.context as SurveyLifecycleContext;
          if (c.problems.includes('no-question') && !screen.queryByText('Every language needs at least one question.'))
            throw new Error('the rule is not shown');
          if (c.problems.includes('conflict') && !screen.queryByText(/Someone else changed this/))
            throw new Error('the refusal is not shown');
        },
      }),
    );
  });
});
