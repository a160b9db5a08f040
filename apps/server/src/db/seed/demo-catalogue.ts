// The demo shop's catalogue in Traditional Chinese: a two-level type tree, products with specs,
// packages, bundles and hot-search tags. Plain data; seed-catalogue.ts turns it into rows.
import { BadgeKind, PromotionType } from '@shop/domain';
import type { ProductShape } from './demo-images.ts';

/** Uploads key of the n-th (1-based) demo product picture; the load catalogue reuses them. */
export const demoProductPic = (n: number) => `demo/products/p${String(n).padStart(2, '0')}.webp`;

/** [spec name, list price, sale price, stock (undefined = not tracked)] */
export type SpecRow = [name: string, price: number, onSale: number, stock?: number];

export interface DemoProduct {
  name: string;
  /** Short description for cards. */
  intro: string;
  specs: SpecRow[];
  badge?: number;
  /** Activity window in days relative to `now`; undefined bound = no limit. */
  window?: { startDays?: number; endDays?: number };
  internetCelebrity?: boolean;
  /** Listed under this type as well as its own (e.g. a gift also under 季節限定). */
  alsoIn?: string;
}

export interface DemoTypeGroup {
  name: string;
  shape: ProductShape;
  /** Level-2 children with their products; a group without children holds products itself. */
  children: { name: string; products: DemoProduct[] }[];
  products?: DemoProduct[];
}

const { Hot, New, Select } = BadgeKind;

export const demoTypeTree: DemoTypeGroup[] = [
  {
    name: '保養品',
    shape: 'bottle',
    children: [
      {
        name: '臉部保養',
        products: [
          {
            name: '玻尿酸保濕精華液',
            intro: '三重分子玻尿酸，一抹補水，乾燥肌的日常急救。',
            specs: [
              ['30ml', 980, 790],
              ['50ml', 1480, 1180],
            ],
            badge: Hot,
          },
          {
            name: '積雪草舒緩化妝水',
            intro: '積雪草萃取安撫泛紅，換季敏感也能安心使用。',
            specs: [['150ml', 680, 580]],
          },
          {
            name: '維他命C亮白精華',
            intro: '穩定型維他命C衍生物，均勻膚色、提升透亮感。',
            specs: [['30ml', 1280, 1080]],
            badge: Select,
          },
          { name: '溫和胺基酸洗面乳', intro: '胺基酸潔淨配方，洗後不緊繃，早晚都適用。', specs: [['120g', 450, 380]] },
          {
            name: '夜間修護晚安凍膜',
            intro: '睡前厚敷一層，隔天醒來肌膚飽水有光澤。',
            specs: [['80ml', 880, 880]],
            badge: New,
          },
          { name: '玫瑰果油修護面霜', intro: '智利玫瑰果油與神經醯胺，修護乾燥粗糙。', specs: [['50g', 1180, 990]] },
        ],
      },
      {
        name: '身體保養',
        products: [
          {
            name: '薰衣草舒眠身體乳',
            intro: '法國薰衣草精油香氣，洗澡後的放鬆儀式。',
            specs: [
              ['250ml', 560, 480],
              ['500ml', 890, 760],
            ],
          },
          { name: '檜木精油沐浴露', intro: '台灣檜木清香，溫和潔淨不乾澀。', specs: [['500ml', 520, 450]], badge: Hot },
          {
            name: '蜂蜜燕麥護手霜',
            intro: '蜂蜜與燕麥滋潤雙手，不黏膩好吸收。',
            specs: [
              ['50ml', 280, 240],
              ['三入組', 780, 650],
            ],
          },
          { name: '海鹽去角質身體磨砂膏', intro: '細緻海鹽顆粒，每週一次還原滑嫩觸感。', specs: [['300g', 620, 620]] },
          { name: '乳油木果滋潤護唇膏', intro: '乳油木果脂長效保濕，唇紋乾裂救星。', specs: [['4.5g', 220, 180]] },
        ],
      },
    ],
  },
  {
    name: '保健食品',
    shape: 'jar',
    children: [
      {
        name: '營養補充',
        products: [
          {
            name: '綜合維他命B群',
            intro: '八種B群加鋅，忙碌上班族的精神補給。',
            specs: [
              ['60錠', 680, 590],
              ['120錠', 1180, 990],
            ],
            badge: Hot,
          },
          { name: '高濃度魚油膠囊', intro: 'rTG型態魚油，Omega-3含量達84%。', specs: [['90粒', 1280, 1080]] },
          {
            name: '益生菌順暢粉',
            intro: '20株專利菌種，每包300億活菌，幫助消化。',
            specs: [['30包', 990, 850]],
            badge: Select,
          },
          { name: '葉黃素晶亮軟膠囊', intro: '游離型葉黃素加玉米黃素，3C族的每日保養。', specs: [['60粒', 1080, 920]] },
          {
            name: '膠原蛋白胜肽粉',
            intro: '小分子魚膠原胜肽，無腥味好沖泡。',
            specs: [['30包', 1580, 1280]],
            window: { startDays: -10, endDays: 30 },
            internetCelebrity: true,
          },
          { name: '鈣鎂鋅+D3錠', intro: '鈣鎂黃金比例，加上維生素D3幫助吸收。', specs: [['90錠', 750, 650]] },
        ],
      },
      {
        name: '機能飲品',
        products: [
          { name: '紅棗枸杞養生飲', intro: '嚴選紅棗與寧夏枸杞熬煮，溫潤順口。', specs: [['10入', 480, 420]] },
          { name: '黑木耳露', intro: '台灣黑木耳與老薑，少糖好喝。', specs: [['12瓶', 540, 480]] },
          { name: '無糖燕麥奶', intro: '澳洲燕麥製成，咖啡拿鐵的好搭檔。', specs: [['1L×6瓶', 720, 650]], badge: New },
          {
            name: '薑黃暖暖飲',
            intro: '薑黃、黑胡椒與黑糖，冬天手腳暖呼呼。',
            specs: [['15包', 390, 350]],
            window: { startDays: -60, endDays: -5 },
          },
          { name: '蜂蜜檸檬膠原飲', intro: '屏東檸檬與龍眼蜜，酸甜清爽。', specs: [['10瓶', 890, 760]] },
        ],
      },
    ],
  },
  {
    name: '生活用品',
    shape: 'box',
    children: [
      {
        name: '居家清潔',
        products: [
          {
            name: '天然柑橘多用途清潔劑',
            intro: '柑橘精油去油汙，廚房浴室一瓶搞定。',
            specs: [
              ['500ml', 320, 280],
              ['補充包1000ml', 450, 390],
            ],
          },
          {
            name: '無患子洗衣精',
            intro: '無患子天然皂素，寶寶衣物也適用。',
            specs: [['2000ml', 480, 420]],
            badge: Hot,
          },
          { name: '竹炭除濕包', intro: '台灣孟宗竹炭，衣櫃鞋櫃除濕除臭。', specs: [['10入', 299, 249]] },
          { name: '小蘇打萬用清潔粉', intro: '食品級小蘇打，清潔除垢不傷材質。', specs: [['1kg', 260, 260]] },
          { name: '天然精油除臭噴霧', intro: '尤加利與茶樹精油，室內清新一噴就好。', specs: [['250ml', 380, 320]] },
        ],
      },
      {
        name: '廚房餐具',
        products: [
          {
            name: '台灣檜木砧板',
            intro: '整塊檜木手工製作，天然抗菌有香氣。',
            specs: [
              ['中', 1280, 1080],
              ['大', 1680, 1480],
            ],
            badge: Select,
          },
          {
            name: '不鏽鋼保溫隨行杯',
            intro: '316不鏽鋼內膽，保冷保溫12小時。',
            specs: [['500ml', 890, 690]],
            window: { startDays: -3 },
          },
          {
            name: '手作陶瓷飯碗',
            intro: '鶯歌職人手拉坯，每只釉色都不同。',
            specs: [
              ['單入', 420, 380],
              ['雙入組', 780, 690],
            ],
          },
          { name: '鑄鐵平底鍋', intro: '24公分鑄鐵鍋，煎牛排外酥內嫩。', specs: [['24cm', 1980, 1680, 0]] },
          { name: '竹製環保餐具組', intro: '筷子、湯匙、叉子附收納袋，外出好攜帶。', specs: [['1組', 350, 299]] },
        ],
      },
    ],
  },
  {
    name: '茶與咖啡',
    shape: 'cup',
    children: [
      {
        name: '台灣茶',
        products: [
          {
            name: '阿里山高山烏龍茶',
            intro: '海拔1500公尺茶園，花香清揚、回甘持久。',
            specs: [
              ['150g', 1200, 980],
              ['300g', 2200, 1800],
            ],
            badge: Hot,
          },
          { name: '日月潭紅玉紅茶', intro: '台茶18號，天然肉桂與薄荷香。', specs: [['75g', 680, 580]] },
          {
            name: '東方美人茶',
            intro: '小綠葉蟬著涎，蜜香濃郁的膨風茶。',
            specs: [['75g', 1500, 1350]],
            badge: Select,
          },
          { name: '文山包種茶', intro: '坪林茶區清香型包種，清新淡雅。', specs: [['150g', 880, 780]] },
          { name: '梨山冷泡茶包', intro: '冷水冷泡6小時，夏天的清爽好茶。', specs: [['20入', 450, 390]], badge: New },
        ],
      },
      {
        name: '精品咖啡',
        products: [
          {
            name: '衣索比亞耶加雪菲咖啡豆',
            intro: '淺焙水洗，柑橘與茉莉花香。',
            specs: [
              ['半磅', 580, 480],
              ['一磅', 980, 850],
            ],
          },
          { name: '台灣阿里山咖啡豆', intro: '在地小農種植，堅果可可尾韻。', specs: [['半磅', 980, 880]], badge: New },
          { name: '哥倫比亞濾掛咖啡', intro: '中焙濾掛，辦公室也能喝到好咖啡。', specs: [['10入', 350, 299]] },
          { name: '冷萃咖啡瓶裝', intro: '18小時低溫萃取，順口不酸澀。', specs: [['6瓶', 720, 650]] },
          { name: '手沖咖啡入門組', intro: '濾杯、濾紙、手沖壺一次備齊。', specs: [['1組', 1880, 1580]] },
        ],
      },
    ],
  },
  {
    // A level-1 type without children: the menu links it directly (spec §2 product type menu).
    name: '季節限定',
    shape: 'gift',
    children: [],
    products: [
      {
        name: '限量禮盒',
        intro: '職人手作年度限量禮盒，售完為止。',
        specs: [['典藏款', 2880, 2480, 3]],
        badge: Select,
      },
      {
        name: '中秋月餅禮盒',
        intro: '蛋黃酥與綠豆椪雙拼，中秋預購即將開始。',
        specs: [['8入', 980, 880]],
        window: { startDays: 20, endDays: 60 },
      },
      {
        name: '夏季限定冰鎮梅子醋',
        intro: '南投信義青梅釀造，夏季限定已結束。',
        specs: [['500ml', 450, 390]],
        window: { startDays: -120, endDays: -10 },
      },
      {
        name: '新春開運茶禮',
        intro: '高山烏龍與紅玉紅茶雙罐組，新春預購。',
        specs: [['雙罐組', 1680, 1480]],
        window: { startDays: 45 },
      },
      {
        name: '林美玲聯名保濕面膜',
        intro: '網紅林美玲聯名款，玻尿酸蠶絲面膜。',
        specs: [['10片', 890, 690]],
        internetCelebrity: true,
        badge: New,
      },
      {
        name: 'KOL私藏乾燥花草茶',
        intro: '洛神、玫瑰與蝶豆花，網紅私藏配方。',
        specs: [['15包', 520, 450]],
        internetCelebrity: true,
      },
    ],
  },
];

export interface DemoPackage {
  type: string;
  name: string;
  intro: string;
  price: number;
  onSale: number;
  stock?: number;
}

export const demoPackageTypes = ['節慶禮盒', '家庭分享組', '新手體驗組'];

export const demoPackages: DemoPackage[] = [
  {
    type: '節慶禮盒',
    name: '好日子茶香禮盒',
    intro: '阿里山烏龍與東方美人雙罐，送禮體面。',
    price: 2680,
    onSale: 2280,
  },
  {
    type: '節慶禮盒',
    name: '暖心養生禮盒',
    intro: '紅棗枸杞飲與黑木耳露，送長輩最貼心。',
    price: 1280,
    onSale: 1080,
    stock: 20,
  },
  {
    type: '家庭分享組',
    name: '全家清潔大掃除組',
    intro: '多用途清潔劑、洗衣精與除濕包一次備齊。',
    price: 1099,
    onSale: 899,
  },
  { type: '家庭分享組', name: '一家人保健組', intro: 'B群、魚油與益生菌，全家一起顧健康。', price: 2950, onSale: 2490 },
  {
    type: '新手體驗組',
    name: '保養入門體驗組',
    intro: '化妝水、精華液與面霜旅行瓶，試用最划算。',
    price: 990,
    onSale: 790,
  },
  {
    type: '新手體驗組',
    name: '手沖咖啡體驗組',
    intro: '兩款咖啡豆加濾掛，找到你喜歡的風味。',
    price: 1280,
    onSale: 990,
  },
];

export interface DemoBundle {
  title: string;
  description: string;
  discountType: number;
  rule: { amount: number; value: number }[];
  products: string[];
  window?: { startDays?: number; endDays?: number };
}

export const demoBundles: DemoBundle[] = [
  {
    title: '保養品任選2件85折',
    description: '臉部與身體保養指定商品，任選2件享85折。',
    discountType: PromotionType.PercentDiscount,
    rule: [{ amount: 2, value: 85 }],
    products: [
      '玻尿酸保濕精華液',
      '積雪草舒緩化妝水',
      '維他命C亮白精華',
      '玫瑰果油修護面霜',
      '薰衣草舒眠身體乳',
      '檜木精油沐浴露',
    ],
  },
  {
    title: '保健食品任選3件折100',
    description: '營養補充指定商品，任選3件現折NT$100。',
    discountType: PromotionType.AmountDiscount,
    rule: [{ amount: 3, value: 100 }],
    products: ['綜合維他命B群', '高濃度魚油膠囊', '益生菌順暢粉', '葉黃素晶亮軟膠囊', '鈣鎂鋅+D3錠'],
    window: { startDays: -7, endDays: 30 },
  },
  {
    title: '好茶任選2件999',
    description: '台灣好茶指定商品，任選2件只要NT$999。',
    discountType: PromotionType.CombinedPrice,
    rule: [{ amount: 2, value: 999 }],
    products: ['日月潭紅玉紅茶', '文山包種茶', '梨山冷泡茶包', '哥倫比亞濾掛咖啡'],
  },
];

/** Hot-search tags: a search for the exact name lists these products first (spec §5). */
export const demoTags: { name: string; products: string[] }[] = [
  { name: '保濕', products: ['玻尿酸保濕精華液', '夜間修護晚安凍膜', '蜂蜜燕麥護手霜', '林美玲聯名保濕面膜'] },
  { name: '烏龍茶', products: ['阿里山高山烏龍茶', '文山包種茶', '梨山冷泡茶包'] },
  { name: '益生菌', products: ['益生菌順暢粉'] },
  { name: '咖啡', products: ['衣索比亞耶加雪菲咖啡豆', '台灣阿里山咖啡豆', '哥倫比亞濾掛咖啡', '冷萃咖啡瓶裝'] },
  { name: '禮盒', products: ['限量禮盒', '中秋月餅禮盒', '新春開運茶禮'] },
];

/** Products shown in the hot-products area (index area 2). */
export const demoHotProducts = [
  '玻尿酸保濕精華液',
  '阿里山高山烏龍茶',
  '綜合維他命B群',
  '無患子洗衣精',
  '檜木精油沐浴露',
  '限量禮盒',
  '東方美人茶',
  '益生菌順暢粉',
  '台灣檜木砧板',
  '衣索比亞耶加雪菲咖啡豆',
  '維他命C亮白精華',
  '無糖燕麥奶',
];

/** The influencer's recommended products (member_product_relations of 0922222222). */
export const demoInfluencerPicks = [
  '林美玲聯名保濕面膜',
  'KOL私藏乾燥花草茶',
  '膠原蛋白胜肽粉',
  '玻尿酸保濕精華液',
  '夜間修護晚安凍膜',
  '梨山冷泡茶包',
];
