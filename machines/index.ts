import type { AnyStateMachine } from 'xstate';
import { appInstallBannerMachine } from './appInstallBannerMachine';
import { autoScrollMachine } from './autoScrollMachine';
import { bookmarkItemMachine } from './bookmarkItemMachine';
import { campaignRedirectMachine } from './campaignRedirectMachine';
import { carouselMachine } from './carouselMachine';
import { chapterSortMachine } from './chapterSortMachine';
import { commentLikeMachine } from './commentLikeMachine';
import { commentSortMachine } from './commentSortMachine';
import { consentMachine } from './consentMachine';
import { deviceLinkMachine } from './deviceLinkMachine';
import { downloadMachine } from './downloadMachine';
import { favoriteToggleMachine } from './favoriteToggleMachine';
import { feedbackMachine } from './feedbackMachine';
import { globalErrorMachine } from './globalErrorMachine';
import { historyMachine } from './historyMachine';
import { keyRemapMachine } from './keyRemapMachine';
import { languageSettingsMachine } from './languageSettingsMachine';
import { listFilterMachine } from './listFilterMachine';
import { pageLoaderMachine } from './pageLoaderMachine';
import { pageResolutionMachine } from './pageResolutionMachine';
import { pagingMachine } from './pagingMachine';
import { popupMachine } from './popupMachine';
import { promoPopupMachine } from './promoPopupMachine';
import { pushSubscriptionMachine } from './pushSubscriptionMachine';
import { pushTokenMachine } from './pushTokenMachine';
import { readerProfilesMachine } from './readerProfilesMachine';
import { readerSettingsMachine } from './readerSettingsMachine';
import { reducedMotionMachine } from './reducedMotionMachine';
import { searchTextMachine } from './searchTextMachine';
import { surveyFormMachine } from './surveyFormMachine';
import { tapZoneMachine } from './tapZoneMachine';
import { thumbPreviewMachine } from './thumbPreviewMachine';
import { thumbStripMachine } from './thumbStripMachine';
import { viewerMenusMachine } from './viewerMenusMachine';
import { viewerModeMachine } from './viewerModeMachine';
import { viewerNavBarMachine } from './viewerNavBarMachine';

/**
 * Every machine of the app (machines/<thing>Machine.ts, export <thing>Machine), for the machine
 * explorer. Written out by hand so any bundler or runtime reads it; `index.test.ts` fails when a
 * machine file is missing here or an entry is not the file's export.
 */
export interface MachineEntry {
  name: string;
  machine: AnyStateMachine;
  /** The first paragraph of the machine's doc comment is not available at run time; the id is. */
  id: string;
}

const entry = (name: string, machine: AnyStateMachine): MachineEntry => ({ name, machine, id: machine.id });

/** Sorted by name. */
export const MACHINES: MachineEntry[] = [
  entry('appInstallBanner', appInstallBannerMachine),
  entry('autoScroll', autoScrollMachine),
  entry('bookmarkItem', bookmarkItemMachine),
  entry('campaignRedirect', campaignRedirectMachine),
  entry('carousel', carouselMachine),
  entry('chapterSort', chapterSortMachine),
  entry('commentLike', commentLikeMachine),
  entry('commentSort', commentSortMachine),
  entry('consent', consentMachine),
  entry('deviceLink', deviceLinkMachine),
  entry('download', downloadMachine),
  entry('favoriteToggle', favoriteToggleMachine),
  entry('feedback', feedbackMachine),
  entry('globalError', globalErrorMachine),
  entry('history', historyMachine),
  entry('keyRemap', keyRemapMachine),
  entry('languageSettings', languageSettingsMachine),
  entry('listFilter', listFilterMachine),
  entry('pageLoader', pageLoaderMachine),
  entry('pageResolution', pageResolutionMachine),
  entry('paging', pagingMachine),
  entry('popup', popupMachine),
  entry('promoPopup', promoPopupMachine),
  entry('pushSubscription', pushSubscriptionMachine),
  entry('pushToken', pushTokenMachine),
  entry('readerProfiles', readerProfilesMachine),
  entry('readerSettings', readerSettingsMachine),
  entry('reducedMotion', reducedMotionMachine),
  entry('searchText', searchTextMachine),
  entry('surveyForm', surveyFormMachine),
  entry('tapZone', tapZoneMachine),
  entry('thumbPreview', thumbPreviewMachine),
  entry('thumbStrip', thumbStripMachine),
  entry('viewerMenus', viewerMenusMachine),
  entry('viewerMode', viewerModeMachine),
  entry('viewerNavBar', viewerNavBarMachine),
];

export function machineByName(name: string): MachineEntry | undefined {
  return MACHINES.find((m) => m.name === name || m.id === name);
}
