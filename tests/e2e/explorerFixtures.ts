import type { Page } from 'playwright-core';
import { machineByName } from '../../machines/index';
import { replayEvents, type Ev } from '../../src/screens/machines/machineReplay';
import type { CoverageRecord } from '../../src/screens/machines/coverageModel';
import type { LiveActor, Session } from '../../src/screens/machines/recorder';
import { stateKeys, transitionKeys } from '../model/coverage';

/**
 * What the explorer's browser tests load: coverage records made from the
 * machines' real state and transition keys, and saved sessions whose actors'
 * steps come from replaying events on the machine (as the recorder would
 * have recorded them in a tab).
 */
export function machineOf(name: string) {
  const m = machineByName(name)?.machine;
  if (!m) throw new Error(`no machine ${name}`);
  return m;
}

/** A UI record of a machine that took everything but what is left out. */
export function uiRecord(
  name: string,
  leaveOut: { states?: string[]; transitions?: string[] } = {},
  exceptions: CoverageRecord['exceptions'] = {},
): CoverageRecord {
  const m = machineOf(name);
  const totalStates = stateKeys(m);
  const totalTransitions = transitionKeys(m);
  return {
    name,
    totalStates,
    totalTransitions,
    states: totalStates.filter((s) => !leaveOut.states?.includes(s)),
    transitions: totalTransitions.filter((t) => !leaveOut.transitions?.includes(t)),
    exceptions,
    against: 'ui',
  };
}

let seq = 0;
/** A stopped actor of the machine recorded in a tab that is gone: its steps replayed from the events. */
export function recordedActor(name: string, input: unknown, events: Ev[], key: string): LiveActor {
  const m = machineOf(name);
  const r = replayEvents(m, input, events);
  let before: unknown = null;
  const steps = r.steps.map((s, i) => {
    const step = {
      seq: ++seq,
      time: 1_760_000_000_000 + i * 1000,
      event: s.event,
      source: null,
      before,
      after: s.value,
      context: s.context,
    };
    before = s.value;
    return step;
  });
  const last = r.steps[r.steps.length - 1];
  return {
    key,
    tab: key.split(':')[0],
    id: key.slice(key.indexOf(':') + 1),
    systemId: null,
    parent: null,
    machineId: m.id,
    input,
    value: last.value,
    context: last.context,
    status: 'stopped',
    updated: steps[steps.length - 1].time,
    steps,
  };
}

export function session(actors: LiveActor[]): Session {
  return { format: 'machine-explorer-session/1', actors, sent: [] };
}

/** The first chapter of the demo's first title (an app tab to record opens its viewer). */
export async function firstChapter(page: Page, base: string): Promise<number> {
  const detail = (await (await page.request.get(`${base}/api/title_detailV3?format=json&title_id=100001`)).json()) as {
    success: { titleDetailView: { chapterListGroup: { firstChapterList: { chapterId: number }[] }[] } };
  };
  return detail.success.titleDetailView.chapterListGroup[0].firstChapterList[0].chapterId;
}
