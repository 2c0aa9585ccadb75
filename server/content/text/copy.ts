import type { ShortCode } from '../../../core/languages.js';
import { l9, type L9 } from './l9.js';

/** Service announcements: title and HTML body, per language. */
export const ANNOUNCEMENTS: { title: L9; body: L9 }[] = [
  {
    title: l9(
      'Welcome to the new web reader (beta)',
      'Bienvenido al nuevo lector web (beta)',
      'Bienvenue sur le nouveau lecteur web (bêta)',
      'Selamat datang di pembaca web baru (beta)',
      'Boas-vindas ao novo leitor web (beta)',
      'Добро пожаловать в новую веб-читалку (бета)',
      'ยินดีต้อนรับสู่เว็บรีดเดอร์ใหม่ (เบต้า)',
      'Willkommen im neuen Web-Reader (Beta)',
      'Chào mừng đến với trình đọc web mới (beta)',
    ),
    body: l9(
      '<p>The web reader is in <b>beta</b>. Your reading log and favorites will not carry over to the final release.</p><p>Get the <a href="https://example.com/app">mobile app</a> for comments and release notifications.</p>',
      '<p>El lector web está en <b>beta</b>. Tu historial de lectura y tus favoritos no pasarán a la versión final.</p><p>Descarga la <a href="https://example.com/app">aplicación</a> para comentar y recibir avisos de estrenos.</p>',
      '<p>Le lecteur web est en <b>bêta</b>. Votre historique et vos favoris ne seront pas conservés dans la version finale.</p><p>Téléchargez l’<a href="https://example.com/app">application</a> pour commenter et recevoir les alertes de sortie.</p>',
      '<p>Pembaca web masih <b>beta</b>. Riwayat baca dan favoritmu tidak akan dipindahkan ke versi final.</p><p>Unduh <a href="https://example.com/app">aplikasinya</a> untuk berkomentar dan menerima notifikasi rilis.</p>',
      '<p>O leitor web está em <b>beta</b>. Seu histórico e seus favoritos não serão mantidos na versão final.</p><p>Baixe o <a href="https://example.com/app">aplicativo</a> para comentar e receber avisos de lançamentos.</p>',
      '<p>Веб-читалка работает в режиме <b>бета</b>. История чтения и избранное не перейдут в финальную версию.</p><p>Установите <a href="https://example.com/app">приложение</a>, чтобы комментировать и получать уведомления о новых главах.</p>',
      '<p>เว็บรีดเดอร์อยู่ในช่วง<b>เบต้า</b> ประวัติการอ่านและรายการโปรดจะไม่ถูกย้ายไปยังเวอร์ชันจริง</p><p>ดาวน์โหลด<a href="https://example.com/app">แอป</a>เพื่อแสดงความคิดเห็นและรับการแจ้งเตือนตอนใหม่</p>',
      '<p>Der Web-Reader ist in der <b>Beta</b>. Leseverlauf und Favoriten werden nicht in die finale Version übernommen.</p><p>Hol dir die <a href="https://example.com/app">App</a> für Kommentare und Benachrichtigungen.</p>',
      '<p>Trình đọc web đang ở giai đoạn <b>beta</b>. Lịch sử đọc và danh sách yêu thích sẽ không được chuyển sang bản chính thức.</p><p>Tải <a href="https://example.com/app">ứng dụng</a> để bình luận và nhận thông báo chương mới.</p>',
    ),
  },
  {
    title: l9(
      'Scheduled maintenance',
      'Mantenimiento programado',
      'Maintenance programmée',
      'Pemeliharaan terjadwal',
      'Manutenção programada',
      'Плановые технические работы',
      'ปิดปรับปรุงระบบตามกำหนด',
      'Geplante Wartung',
      'Bảo trì theo lịch',
    ),
    body: l9(
      '<p>The service will be unavailable for about <b>two hours</b> next Tuesday from 02:00 UTC.</p><ul><li>Reading</li><li>Favorites</li></ul><p>We apologise for the inconvenience.</p>',
      '<p>El servicio no estará disponible durante unas <b>dos horas</b> el próximo martes desde las 02:00 UTC.</p><ul><li>Lectura</li><li>Favoritos</li></ul><p>Disculpa las molestias.</p>',
      '<p>Le service sera indisponible pendant environ <b>deux heures</b> mardi prochain à partir de 02:00 UTC.</p><ul><li>Lecture</li><li>Favoris</li></ul><p>Veuillez nous excuser pour la gêne occasionnée.</p>',
      '<p>Layanan tidak dapat diakses sekitar <b>dua jam</b> pada Selasa depan mulai pukul 02.00 UTC.</p><ul><li>Membaca</li><li>Favorit</li></ul><p>Mohon maaf atas ketidaknyamanannya.</p>',
      '<p>O serviço ficará indisponível por cerca de <b>duas horas</b> na próxima terça a partir das 02:00 UTC.</p><ul><li>Leitura</li><li>Favoritos</li></ul><p>Pedimos desculpas pelo transtorno.</p>',
      '<p>В следующий вторник с 02:00 UTC сервис будет недоступен около <b>двух часов</b>.</p><ul><li>Чтение</li><li>Избранное</li></ul><p>Приносим извинения за неудобства.</p>',
      '<p>ระบบจะปิดให้บริการประมาณ<b>สองชั่วโมง</b> ในวันอังคารหน้าตั้งแต่เวลา 02:00 UTC</p><ul><li>การอ่าน</li><li>รายการโปรด</li></ul><p>ขออภัยในความไม่สะดวก</p>',
      '<p>Der Dienst ist nächsten Dienstag ab 02:00 UTC etwa <b>zwei Stunden</b> nicht erreichbar.</p><ul><li>Lesen</li><li>Favoriten</li></ul><p>Wir bitten um Verständnis.</p>',
      '<p>Dịch vụ sẽ tạm ngưng khoảng <b>hai giờ</b> vào thứ Ba tới từ 02:00 UTC.</p><ul><li>Đọc truyện</li><li>Yêu thích</li></ul><p>Xin lỗi vì sự bất tiện này.</p>',
    ),
  },
  {
    title: l9(
      'New titles this month',
      'Nuevos títulos este mes',
      'Nouveaux titres ce mois-ci',
      'Judul baru bulan ini',
      'Novos títulos neste mês',
      'Новинки этого месяца',
      'เรื่องใหม่ประจำเดือนนี้',
      'Neue Titel in diesem Monat',
      'Truyện mới trong tháng',
    ),
    body: l9(
      '<h3>Fresh series</h3><p>Five new series start this month, including a <i>webtoon</i> you can scroll from top to bottom.</p>',
      '<h3>Series nuevas</h3><p>Este mes empiezan cinco series, entre ellas un <i>webtoon</i> que se lee de arriba abajo.</p>',
      '<h3>Nouvelles séries</h3><p>Cinq séries débutent ce mois-ci, dont un <i>webtoon</i> à faire défiler de haut en bas.</p>',
      '<h3>Seri baru</h3><p>Lima seri baru dimulai bulan ini, termasuk <i>webtoon</i> yang dibaca dari atas ke bawah.</p>',
      '<h3>Séries novas</h3><p>Cinco séries estreiam neste mês, incluindo um <i>webtoon</i> para ler rolando de cima para baixo.</p>',
      '<h3>Новые серии</h3><p>В этом месяце стартуют пять серий, в том числе <i>вебтун</i>, который листается сверху вниз.</p>',
      '<h3>ซีรีส์ใหม่</h3><p>เดือนนี้มีซีรีส์ใหม่ห้าเรื่อง รวมถึง<i>เว็บตูน</i>ที่อ่านโดยเลื่อนจากบนลงล่าง</p>',
      '<h3>Neue Serien</h3><p>Diesen Monat starten fünf Serien, darunter ein <i>Webtoon</i>, den man von oben nach unten liest.</p>',
      '<h3>Truyện mới</h3><p>Tháng này có năm bộ truyện mới, trong đó có một <i>webtoon</i> đọc bằng cách cuộn từ trên xuống.</p>',
    ),
  },
];

/** Publisher news: subject and body, {title} is replaced with a title's name. */
export const NEWS: { subject: L9; body: L9 }[] = [
  {
    subject: l9(
      'Volume release',
      'Nuevo tomo a la venta',
      'Sortie d’un nouveau volume',
      'Rilis volume baru',
      'Novo volume à venda',
      'Выход нового тома',
      'รวมเล่มใหม่วางจำหน่าย',
      'Neuer Band erschienen',
      'Phát hành tập mới',
    ),
    body: l9(
      'The new volume of {title} is out in bookstores today.',
      'El nuevo tomo de {title} ya está en librerías.',
      'Le nouveau volume de {title} est disponible en librairie.',
      'Volume baru {title} sudah tersedia di toko buku hari ini.',
      'O novo volume de {title} já está nas livrarias.',
      'Новый том «{title}» уже в книжных магазинах.',
      'รวมเล่มใหม่ของ {title} วางจำหน่ายแล้ววันนี้',
      'Der neue Band von {title} ist ab heute im Handel.',
      'Tập mới của {title} đã có mặt tại các nhà sách hôm nay.',
    ),
  },
  {
    subject: l9(
      'Creator interview',
      'Entrevista con el autor',
      'Interview de l’auteur',
      'Wawancara kreator',
      'Entrevista com o autor',
      'Интервью с автором',
      'สัมภาษณ์ผู้เขียน',
      'Interview mit dem Zeichner',
      'Phỏng vấn tác giả',
    ),
    body: l9(
      'The author of {title} talks about the story so far and what comes next.',
      'El autor de {title} habla de la historia hasta ahora y de lo que viene.',
      'L’auteur de {title} revient sur l’histoire et parle de la suite.',
      'Penulis {title} bercerita tentang kisahnya sejauh ini dan kelanjutannya.',
      'O autor de {title} fala sobre a história até aqui e o que vem por aí.',
      'Автор «{title}» рассказывает о сюжете и о том, что будет дальше.',
      'ผู้เขียน {title} เล่าถึงเรื่องราวที่ผ่านมาและสิ่งที่กำลังจะเกิดขึ้น',
      'Der Autor von {title} spricht über die bisherige Geschichte und was noch kommt.',
      'Tác giả của {title} chia sẻ về câu chuyện và những gì sắp tới.',
    ),
  },
];

/** Home popup copy (app-default popups), per language. */
export const HOME_POPUP: { subject: L9; body: L9 } = {
  subject: l9(
    'Get the app',
    'Descarga la app',
    'Téléchargez l’appli',
    'Unduh aplikasinya',
    'Baixe o app',
    'Установите приложение',
    'ดาวน์โหลดแอป',
    'Hol dir die App',
    'Tải ứng dụng',
  ),
  body: l9(
    'Comment on chapters and get notified when your favorites update.',
    'Comenta los capítulos y recibe avisos cuando se actualicen tus favoritos.',
    'Commentez les chapitres et soyez averti quand vos favoris sont mis à jour.',
    'Beri komentar di setiap bab dan dapatkan notifikasi saat favoritmu diperbarui.',
    'Comente os capítulos e receba avisos quando seus favoritos forem atualizados.',
    'Комментируйте главы и получайте уведомления об обновлениях избранного.',
    'แสดงความคิดเห็นในแต่ละตอนและรับการแจ้งเตือนเมื่อเรื่องโปรดอัปเดต',
    'Kommentiere Kapitel und erfahre sofort, wenn deine Favoriten weitergehen.',
    'Bình luận các chương và nhận thông báo khi truyện yêu thích cập nhật.',
  ),
};

/** Rating popup copy (teen-plus and mature series). */
export const RATING_POPUP: { subject: L9; body: L9 } = {
  subject: l9(
    'Content notice',
    'Aviso de contenido',
    'Avertissement',
    'Pemberitahuan konten',
    'Aviso de conteúdo',
    'Предупреждение о содержании',
    'คำเตือนเนื้อหา',
    'Inhaltshinweis',
    'Cảnh báo nội dung',
  ),
  body: l9(
    'This series contains scenes that may not be suitable for younger readers.',
    'Esta serie contiene escenas que pueden no ser adecuadas para lectores jóvenes.',
    'Cette série contient des scènes qui peuvent ne pas convenir aux jeunes lecteurs.',
    'Seri ini berisi adegan yang mungkin tidak sesuai untuk pembaca muda.',
    'Esta série contém cenas que podem não ser adequadas para leitores jovens.',
    'Эта серия содержит сцены, которые могут не подойти юным читателям.',
    'เรื่องนี้มีฉากที่อาจไม่เหมาะสำหรับผู้อ่านอายุน้อย',
    'Diese Serie enthält Szenen, die für jüngere Leser ungeeignet sein können.',
    'Bộ truyện này có những cảnh có thể không phù hợp với độc giả nhỏ tuổi.',
  ),
};

/** Survey languages and their copy. */
export type SurveyLang = Extract<ShortCode, 'en' | 'es' | 'fr' | 'th'>;
export const SURVEY_LANGS: SurveyLang[] = ['en', 'es', 'fr', 'th'];

export interface QuestionCopy {
  description: string;
  selection: string[];
  freeForm?: string;
}

export const SURVEY: Record<
  SurveyLang,
  { subject: string; answeredSubject: string; answeredBody: string; q: [QuestionCopy, QuestionCopy, QuestionCopy, QuestionCopy] }
> = {
  en: {
    subject: 'Reader survey 2026',
    answeredSubject: 'Survey already taken',
    answeredBody: 'Thank you! You have already answered this survey.',
    q: [
      { description: 'How did you first hear about this service?', selection: ['Social media', 'A friend', 'Search engine', 'App store'] },
      {
        description: 'Which genres do you read?',
        selection: ['Action', 'Romance', 'Comedy', 'Fantasy', 'Sports', 'Mystery'],
        freeForm: 'Other',
      },
      { description: 'Which device do you read on most?', selection: ['Phone', 'Tablet', 'Computer'], freeForm: 'Other' },
      { description: 'How often do you read? (optional)', selection: ['Every day', 'A few times a week', 'Once a week', 'Less often'] },
    ],
  },
  es: {
    subject: 'Encuesta de lectores 2026',
    answeredSubject: 'Encuesta ya respondida',
    answeredBody: '¡Gracias! Ya has respondido esta encuesta.',
    q: [
      { description: '¿Cómo conociste este servicio?', selection: ['Redes sociales', 'Un amigo', 'Buscador', 'Tienda de apps'] },
      {
        description: '¿Qué géneros lees?',
        selection: ['Acción', 'Romance', 'Comedia', 'Fantasía', 'Deportes', 'Misterio'],
        freeForm: 'Otro',
      },
      { description: '¿En qué dispositivo lees más?', selection: ['Teléfono', 'Tableta', 'Computadora'], freeForm: 'Otro' },
      {
        description: '¿Con qué frecuencia lees? (opcional)',
        selection: ['Todos los días', 'Varias veces por semana', 'Una vez por semana', 'Con menos frecuencia'],
      },
    ],
  },
  fr: {
    subject: 'Enquête lecteurs 2026',
    answeredSubject: 'Enquête déjà remplie',
    answeredBody: 'Merci ! Vous avez déjà répondu à cette enquête.',
    q: [
      {
        description: 'Comment avez-vous découvert ce service ?',
        selection: ['Réseaux sociaux', 'Un ami', 'Moteur de recherche', 'Boutique d’applis'],
      },
      {
        description: 'Quels genres lisez-vous ?',
        selection: ['Action', 'Romance', 'Comédie', 'Fantasy', 'Sport', 'Mystère'],
        freeForm: 'Autre',
      },
      { description: 'Sur quel appareil lisez-vous le plus ?', selection: ['Téléphone', 'Tablette', 'Ordinateur'], freeForm: 'Autre' },
      {
        description: 'À quelle fréquence lisez-vous ? (facultatif)',
        selection: ['Tous les jours', 'Plusieurs fois par semaine', 'Une fois par semaine', 'Moins souvent'],
      },
    ],
  },
  th: {
    subject: 'แบบสอบถามผู้อ่าน 2026',
    answeredSubject: 'คุณตอบแบบสอบถามนี้แล้ว',
    answeredBody: 'ขอบคุณ! คุณได้ตอบแบบสอบถามนี้ไปแล้ว',
    q: [
      { description: 'คุณรู้จักบริการนี้ได้อย่างไร?', selection: ['โซเชียลมีเดีย', 'เพื่อนแนะนำ', 'เครื่องมือค้นหา', 'แอปสโตร์'] },
      { description: 'คุณอ่านแนวไหนบ้าง?', selection: ['แอ็กชัน', 'โรแมนซ์', 'คอมเมดี้', 'แฟนตาซี', 'กีฬา', 'สืบสวน'], freeForm: 'อื่น ๆ' },
      { description: 'คุณอ่านผ่านอุปกรณ์ใดบ่อยที่สุด?', selection: ['โทรศัพท์', 'แท็บเล็ต', 'คอมพิวเตอร์'], freeForm: 'อื่น ๆ' },
      { description: 'คุณอ่านบ่อยแค่ไหน? (ไม่บังคับ)', selection: ['ทุกวัน', 'หลายครั้งต่อสัปดาห์', 'สัปดาห์ละครั้ง', 'น้อยกว่านั้น'] },
    ],
  },
};

/** Featured list names (lists are shown in the visitor's UI; names kept in English). */
export const FEATURED_LISTS = ['Fantasy', 'Our Picks', 'Trending Now', 'Completed Classics', 'New Series', 'Sports Spirit'];
