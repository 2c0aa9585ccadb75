import type { FastifyPluginAsync } from 'fastify';
import language from './api/language/index.js';
import webHomeV4 from './api/web/web_homeV4/index.js';
import featuredV2 from './api/featuredV2/index.js';
import rankingV2 from './api/title_list/rankingV2/index.js';
import allV3 from './api/title_list/all_v3/index.js';
import allV2 from './api/title_list/allV2/index.js';
import updated from './api/title_list/updated/index.js';
import bookmark from './api/title_list/bookmark/index.js';
import titleDetailV3 from './api/title_detailV3/index.js';
import mangaViewer from './api/manga_viewer/index.js';
import comment from './api/comment/index.js';
import commentLike from './api/comment_like/index.js';
import announcement from './api/web/announcement/index.js';
import publisherNewsList from './api/publisher_news_list/index.js';
import contact from './api/web/contact/index.js';
import webPushToken from './api/web_push_token/index.js';
import bannerTapLog from './api/banner_tap_log/index.js';
import titleBannerTapLog from './api/title_banner_tap_log/index.js';
import popupTapLog from './api/popup_tap_log/index.js';
import questionnaire from './api/questionnaire/index.js';
import img from './img/index.js';

/**
 * Every route module. The folder is the URL: /api/title_detailV3 lives in
 * ./api/title_detailV3/index.ts. Each module is a plugin registered here.
 */
const modules: FastifyPluginAsync[] = [language];
modules.push(webHomeV4, featuredV2, rankingV2, allV3, allV2, updated, bookmark, titleDetailV3, mangaViewer);
modules.push(comment, commentLike, announcement, publisherNewsList, contact, webPushToken);
modules.push(bannerTapLog, titleBannerTapLog, popupTapLog, questionnaire);
modules.push(img);

const routes: FastifyPluginAsync = async (app) => {
  for (const m of modules) await app.register(m);
};
export default routes;
