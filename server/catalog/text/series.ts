import { l9, type L9 } from './langs.js';

export type SeriesKind = 'ongoing' | 'completed' | 'one_shot';

export interface SeriesSpec {
  name: L9;
  /** Genre slugs (see GENRES); the first decides the overview's opening. */
  genres: string[];
  kind: SeriesKind;
  /** Webtoon-style: tall pages, every chapter vertical only. */
  webtoon?: boolean;
  /** Book layout read right to left, every chapter horizontal only. */
  bookRtl?: boolean;
}

const s = (kind: SeriesKind, genres: string[], name: L9, extra: Partial<SeriesSpec> = {}): SeriesSpec => ({
  kind,
  genres,
  name,
  ...extra,
});

/** The demo works. Order matters: ids and notable items follow it. */
export const SERIES: SeriesSpec[] = [
  s('ongoing', ['action', 'fantasy'], l9('Blade of the Crimson Moon', 'La espada de la luna carmesí', 'La Lame de la lune pourpre', 'Pedang Bulan Merah', 'A Lâmina da Lua Carmesim', 'Клинок багровой луны', 'ดาบแห่งจันทร์สีเลือด', 'Die Klinge des Blutmonds', 'Thanh kiếm trăng đỏ')),
  s('ongoing', ['comedy', 'slice-of-life'], l9('Kitchen Samurai', 'El samurái de la cocina', 'Le Samouraï des fourneaux', 'Samurai Dapur', 'O Samurai da Cozinha', 'Кухонный самурай', 'ซามูไรในครัว', 'Der Küchensamurai', 'Samurai nhà bếp')),
  s('ongoing', ['sports', 'drama'], l9('Starlight Relay', 'Relevo de luz estelar', 'Relais des étoiles', 'Estafet Cahaya Bintang', 'Revezamento Estelar', 'Звёздная эстафета', 'ผลัดแสงดาว', 'Sternenlicht-Staffel', 'Tiếp sức ánh sao')),
  s('completed', ['fantasy', 'adventure'], l9('The Last Dragon Tamer', 'El último domador de dragones', 'Le Dernier Dompteur de dragons', 'Penjinak Naga Terakhir', 'O Último Domador de Dragões', 'Последний укротитель драконов', 'ผู้ฝึกมังกรคนสุดท้าย', 'Der letzte Drachenzähmer', 'Người thuần rồng cuối cùng')),
  s('ongoing', ['mystery', 'comedy'], l9('After-School Detectives', 'Detectives después de clase', "Les Détectives d'après les cours", 'Detektif Sepulang Sekolah', 'Detetives Depois da Aula', 'Детективы после уроков', 'นักสืบหลังเลิกเรียน', 'Die Detektive nach der Schule', 'Thám tử sau giờ học')),
  s('ongoing', ['action', 'sci-fi'], l9('Iron Heart Academy', 'Academia Corazón de Hierro', "L'Académie Cœur de fer", 'Akademi Hati Baja', 'Academia Coração de Ferro', 'Академия Железного сердца', 'สถาบันหัวใจเหล็ก', 'Akademie Eisenherz', 'Học viện Trái tim thép')),
  s('ongoing', ['horror', 'supernatural'], l9('Ghost Lantern Street', 'La calle de los faroles fantasma', 'La Rue des lanternes fantômes', 'Jalan Lentera Hantu', 'Rua das Lanternas Fantasmas', 'Улица призрачных фонарей', 'ถนนโคมไฟวิญญาณ', 'Die Straße der Geisterlaternen', 'Phố đèn lồng ma')),
  s('ongoing', ['martial-arts', 'historical'], l9('Sword Saint of the Ninth Gate', 'El santo de la espada de la novena puerta', 'Le Saint-sabre de la neuvième porte', 'Santo Pedang Gerbang Kesembilan', 'O Santo da Espada do Nono Portão', 'Святой меча девятых врат', 'เซียนดาบแห่งประตูที่เก้า', 'Der Schwertheilige des neunten Tores', 'Kiếm thánh cổng thứ chín'), { bookRtl: true }),
  s('ongoing', ['romance', 'sci-fi'], l9('Love in Orbit', 'Amor en órbita', "L'Amour en orbite", 'Cinta di Orbit', 'Amor em Órbita', 'Любовь на орбите', 'รักในวงโคจร', 'Liebe im Orbit', 'Tình yêu trên quỹ đạo')),
  s('completed', ['slice-of-life', 'drama'], l9('The Quiet Bookshop', 'La librería silenciosa', 'La Librairie tranquille', 'Toko Buku yang Sunyi', 'A Livraria Silenciosa', 'Тихий книжный магазин', 'ร้านหนังสือเงียบสงบ', 'Der stille Buchladen', 'Hiệu sách yên tĩnh')),
  s('ongoing', ['sports', 'comedy'], l9('Thunder Court', 'Cancha del trueno', 'Le Terrain du tonnerre', 'Lapangan Petir', 'Quadra do Trovão', 'Площадка грома', 'สนามสายฟ้า', 'Donnerplatz', 'Sân đấu sấm sét')),
  s('ongoing', ['fantasy', 'romance'], l9('Witch of the Frozen Forest', 'La bruja del bosque helado', 'La Sorcière de la forêt gelée', 'Penyihir Hutan Beku', 'A Bruxa da Floresta Congelada', 'Ведьма ледяного леса', 'แม่มดแห่งป่าน้ำแข็ง', 'Die Hexe des gefrorenen Waldes', 'Phù thủy rừng băng')),
  s('ongoing', ['sci-fi', 'action'], l9('Neon Runner', 'Corredor de neón', 'Coureur de néon', 'Pelari Neon', 'Corredor Neon', 'Неоновый бегун', 'นักวิ่งนีออน', 'Neonläufer', 'Kẻ chạy neon')),
  s('completed', ['slice-of-life', 'comedy'], l9('Cat Café Chronicles', 'Crónicas del café de gatos', 'Chroniques du café à chats', 'Kisah Kafe Kucing', 'Crônicas do Café dos Gatos', 'Хроники кошачьего кафе', 'บันทึกคาเฟ่แมว', 'Chroniken des Katzencafés', 'Biên niên sử quán cà phê mèo')),
  s('ongoing', ['adventure', 'action'], l9('Pirates of the Sky Sea', 'Piratas del mar celeste', 'Les Pirates de la mer céleste', 'Bajak Laut Lautan Langit', 'Piratas do Mar Celeste', 'Пираты небесного моря', 'โจรสลัดทะเลฟ้า', 'Piraten des Himmelsmeers', 'Hải tặc biển trời'), { bookRtl: true }),
  s('one_shot', ['mystery'], l9("The Detective's Last Case", 'El último caso del detective', 'La Dernière Affaire du détective', 'Kasus Terakhir Sang Detektif', 'O Último Caso do Detetive', 'Последнее дело детектива', 'คดีสุดท้ายของนักสืบ', 'Der letzte Fall des Detektivs', 'Vụ án cuối cùng của thám tử')),
  s('ongoing', ['supernatural', 'comedy'], l9('Spirit Chef', 'El chef de los espíritus', 'Le Chef des esprits', 'Koki Roh', 'O Chef dos Espíritos', 'Повар духов', 'เชฟวิญญาณ', 'Der Geisterkoch', 'Đầu bếp linh hồn')),
  s('ongoing', ['mystery', 'fantasy'], l9('Castle of Mirrors', 'El castillo de los espejos', 'Le Château des miroirs', 'Kastel Cermin', 'O Castelo dos Espelhos', 'Зеркальный замок', 'ปราสาทกระจก', 'Das Spiegelschloss', 'Lâu đài gương')),
  s('ongoing', ['martial-arts', 'action'], l9('Fist of the Mountain', 'El puño de la montaña', 'Le Poing de la montagne', 'Tinju Gunung', 'O Punho da Montanha', 'Кулак горы', 'หมัดแห่งขุนเขา', 'Die Faust des Berges', 'Quyền của núi')),
  s('ongoing', ['sci-fi', 'comedy'], l9('My Neighbor Is a Robot', 'Mi vecino es un robot', 'Mon voisin est un robot', 'Tetanggaku Sebuah Robot', 'Meu Vizinho É um Robô', 'Мой сосед — робот', 'เพื่อนบ้านของฉันเป็นหุ่นยนต์', 'Mein Nachbar ist ein Roboter', 'Hàng xóm của tôi là người máy')),
  s('completed', ['historical', 'romance'], l9("The Shogun's Daughter", 'La hija del shogún', 'La Fille du shogun', 'Putri Sang Shogun', 'A Filha do Xogum', 'Дочь сёгуна', 'ธิดาโชกุน', 'Die Tochter des Shoguns', 'Con gái của Shogun'), { bookRtl: true }),
  s('ongoing', ['drama', 'supernatural'], l9('Midnight Orchestra', 'Orquesta de medianoche', "L'Orchestre de minuit", 'Orkestra Tengah Malam', 'Orquestra da Meia-Noite', 'Полуночный оркестр', 'วงออร์เคสตราเที่ยงคืน', 'Mitternachtsorchester', 'Dàn nhạc nửa đêm')),
  s('ongoing', ['action', 'horror'], l9("Hunter's Mark", 'La marca del cazador', 'La Marque du chasseur', 'Tanda Pemburu', 'A Marca do Caçador', 'Метка охотника', 'ตราแห่งนักล่า', 'Das Mal des Jägers', 'Dấu ấn thợ săn')),
  s('completed', ['romance', 'drama'], l9('Summer of Fireflies', 'El verano de las luciérnagas', "L'Été des lucioles", 'Musim Panas Kunang-kunang', 'O Verão dos Vaga-lumes', 'Лето светлячков', 'ฤดูร้อนแห่งหิ่งห้อย', 'Der Sommer der Glühwürmchen', 'Mùa hè đom đóm')),
  s('ongoing', ['sports'], l9('Goalkeeper Zero', 'Portero Cero', 'Gardien Zéro', 'Kiper Nol', 'Goleiro Zero', 'Вратарь Ноль', 'ผู้รักษาประตูหมายเลขศูนย์', 'Torwart Null', 'Thủ môn số không')),
  s('ongoing', ['fantasy', 'comedy'], l9('Reincarnated as a Village Blacksmith', 'Reencarnado como herrero de aldea', 'Réincarné en forgeron de village', 'Bereinkarnasi Menjadi Pandai Besi Desa', 'Reencarnado como Ferreiro da Vila', 'Переродился деревенским кузнецом', 'เกิดใหม่เป็นช่างตีเหล็กประจำหมู่บ้าน', 'Wiedergeboren als Dorfschmied', 'Chuyển sinh thành thợ rèn làng')),
  s('ongoing', ['sci-fi', 'mystery'], l9('The Clockwork Heir', 'El heredero mecánico', "L'Héritier mécanique", 'Pewaris Jarum Jam', 'O Herdeiro Mecânico', 'Заводной наследник', 'ทายาทจักรกล', 'Der Uhrwerk-Erbe', 'Người thừa kế cơ khí')),
  s('one_shot', ['drama', 'romance'], l9('Rain Over Kyoto', 'Lluvia sobre Kioto', 'Pluie sur Kyoto', 'Hujan di Kyoto', 'Chuva sobre Quioto', 'Дождь над Киото', 'ฝนเหนือเกียวโต', 'Regen über Kyoto', 'Mưa trên Kyoto')),
  s('ongoing', ['supernatural', 'action'], l9('Demon Hunter Academy', 'Academia de cazadores de demonios', "L'Académie des chasseurs de démons", 'Akademi Pemburu Iblis', 'Academia dos Caçadores de Demônios', 'Академия охотников на демонов', 'โรงเรียนนักล่าปีศาจ', 'Akademie der Dämonenjäger', 'Học viện thợ săn quỷ')),
  s('completed', ['adventure', 'historical'], l9('The Wandering Painter', 'El pintor errante', 'Le Peintre vagabond', 'Pelukis Pengembara', 'O Pintor Errante', 'Странствующий художник', 'จิตรกรพเนจร', 'Der wandernde Maler', 'Họa sĩ lang thang')),
  s('ongoing', ['sports', 'drama'], l9('Ten Seconds to Victory', 'Diez segundos para la victoria', 'Dix secondes pour gagner', 'Sepuluh Detik Menuju Kemenangan', 'Dez Segundos para a Vitória', 'Десять секунд до победы', 'สิบวินาทีสู่ชัยชนะ', 'Zehn Sekunden bis zum Sieg', 'Mười giây đến chiến thắng')),
  s('ongoing', ['slice-of-life', 'supernatural'], l9('Moonlit Tea House', 'La casa de té a la luz de la luna', 'La Maison de thé au clair de lune', 'Kedai Teh Cahaya Bulan', 'A Casa de Chá ao Luar', 'Чайный дом под луной', 'โรงน้ำชาใต้แสงจันทร์', 'Das Teehaus im Mondlicht', 'Quán trà dưới trăng')),
  s('one_shot', ['adventure', 'mystery'], l9('Lost in the Labyrinth', 'Perdidos en el laberinto', 'Perdus dans le labyrinthe', 'Tersesat di Labirin', 'Perdidos no Labirinto', 'Потерянные в лабиринте', 'หลงในเขาวงกต', 'Verloren im Labyrinth', 'Lạc trong mê cung')),
  s('ongoing', ['sci-fi', 'adventure'], l9('Steel Wings', 'Alas de acero', "Ailes d'acier", 'Sayap Baja', 'Asas de Aço', 'Стальные крылья', 'ปีกเหล็กกล้า', 'Stahlschwingen', 'Đôi cánh thép')),
  s('ongoing', ['romance', 'comedy', 'supernatural'], l9('Office Hours with a Vampire', 'Horario de oficina con un vampiro', 'Au bureau avec un vampire', 'Jam Kantor Bersama Vampir', 'Expediente com um Vampiro', 'Рабочие часы с вампиром', 'เวลางานกับแวมไพร์', 'Bürozeiten mit einem Vampir', 'Giờ làm việc với ma cà rồng'), { webtoon: true }),
  s('ongoing', ['fantasy', 'comedy'], l9('Dungeon Cleaner', 'El limpiador de mazmorras', 'Le Nettoyeur de donjons', 'Pembersih Ruang Bawah Tanah', 'O Faxineiro da Masmorra', 'Уборщик подземелий', 'คนทำความสะอาดดันเจี้ยน', 'Der Dungeon-Putzer', 'Người dọn hầm ngục'), { webtoon: true }),
];

/** Genre tags (English names, as the tag list shows them) and their slugs. */
export const GENRES: { slug: string; tag: string }[] = [
  { slug: 'action', tag: 'Action' },
  { slug: 'adventure', tag: 'Adventure' },
  { slug: 'comedy', tag: 'Comedy' },
  { slug: 'drama', tag: 'Drama' },
  { slug: 'fantasy', tag: 'Fantasy' },
  { slug: 'romance', tag: 'Romance' },
  { slug: 'sci-fi', tag: 'Sci-Fi' },
  { slug: 'sports', tag: 'Sports' },
  { slug: 'mystery', tag: 'Mystery' },
  { slug: 'horror', tag: 'Horror' },
  { slug: 'slice-of-life', tag: 'Slice of Life' },
  { slug: 'supernatural', tag: 'Supernatural' },
  { slug: 'historical', tag: 'Historical' },
  { slug: 'martial-arts', tag: 'Martial Arts' },
  { slug: 'one-shot', tag: 'One-shot' },
];

/** Author names: Latin, Cyrillic and Thai spellings of the same person. */
export const SURNAMES: [string, string, string][] = [
  ['Tanaka', 'Танака', 'ทานากะ'],
  ['Sato', 'Сато', 'ซาโต้'],
  ['Suzuki', 'Судзуки', 'ซูซูกิ'],
  ['Takahashi', 'Такахаси', 'ทาคาฮาชิ'],
  ['Watanabe', 'Ватанабэ', 'วาตานาเบะ'],
  ['Ito', 'Ито', 'อิโต้'],
  ['Yamamoto', 'Ямамото', 'ยามาโมโตะ'],
  ['Nakamura', 'Накамура', 'นากามูระ'],
  ['Kobayashi', 'Кобаяси', 'โคบายาชิ'],
  ['Kato', 'Като', 'คาโต้'],
  ['Yoshida', 'Ёсида', 'โยชิดะ'],
  ['Yamada', 'Ямада', 'ยามาดะ'],
  ['Sasaki', 'Сасаки', 'ซาซากิ'],
  ['Matsumoto', 'Мацумото', 'มัตสึโมโตะ'],
  ['Inoue', 'Иноуэ', 'อิโนอุเอะ'],
  ['Kimura', 'Кимура', 'คิมูระ'],
  ['Hayashi', 'Хаяси', 'ฮายาชิ'],
  ['Shimizu', 'Симидзу', 'ชิมิซุ'],
];

export const GIVEN_NAMES: [string, string, string][] = [
  ['Haruto', 'Харуто', 'ฮารุโตะ'],
  ['Yuki', 'Юки', 'ยูกิ'],
  ['Ren', 'Рэн', 'เร็น'],
  ['Aoi', 'Аой', 'อาโออิ'],
  ['Sora', 'Сора', 'โซระ'],
  ['Hina', 'Хина', 'ฮินะ'],
  ['Kenji', 'Кэндзи', 'เคนจิ'],
  ['Mei', 'Мэй', 'เมย์'],
  ['Daichi', 'Дайти', 'ไดจิ'],
  ['Riko', 'Рико', 'ริโกะ'],
  ['Takumi', 'Такуми', 'ทาคุมิ'],
  ['Nao', 'Нао', 'นาโอะ'],
  ['Shun', 'Сюн', 'ชุน'],
  ['Akira', 'Акира', 'อากิระ'],
];
