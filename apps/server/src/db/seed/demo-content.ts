// The demo shop's words: settings, news, articles, terms, questions, courses. Plain data.
import { BrandPosition } from '@shop/domain';

export const demoSettings = {
  websiteTitle: '好日子選物',
  description: '好日子選物｜台灣在地好物選品店：保養品、保健食品、生活用品與台灣茶、精品咖啡，滿NT$1,500免運。',
  keywords: '好日子選物,台灣選物,保養品,保健食品,台灣茶,精品咖啡,生活用品,禮盒',
  servicePhone: '02-2771-5566',
  serviceEmail: 'service@goodday-select.example.tw',
  serviceAddress: '台北市大安區忠孝東路四段169號8樓',
  serviceTaxId: '24536871',
  serviceGmap:
    '<iframe src="https://www.google.com/maps/embed?pb=!1m18!1m12!1m3!1d3614.7!2d121.5510!3d25.0418!2m3!1f0!2f0!3f0!3m2!1i1024!2i768!4f13.1!3m3!1m2!1s0x3442abc!2z5Y-w5YyX!5e0!3m2!1szh-TW!2stw!4v1700000000000" width="600" height="450" style="border:0;" allowfullscreen="" loading="lazy" referrerpolicy="no-referrer-when-downgrade"></iframe>',
};

export const demoFollowUs = {
  line: 'https://line.me/R/ti/p/@goodday',
  whatsapp: 'https://wa.me/886227715566',
  telegram: 'https://t.me/goodday_select',
  facebook: 'https://www.facebook.com/goodday.select',
  instagram: 'https://www.instagram.com/goodday.select',
};

export const demoPaymentSetting = {
  bankAccountName: '好日子選物有限公司',
  bankCode: '808',
  bankName: '玉山銀行',
  bankAccount: '0868-940-123456',
};

export const demoAboutPages = [
  {
    title: '關於好日子選物',
    content:
      '<h2>把日子過好，從好物開始</h2><p>好日子選物成立於台北，走訪全台小農、職人與在地品牌，挑選真正好用、安心的日常用品。</p><p>每一件商品都經過團隊親自試用，我們相信：好的生活不必昂貴，只需要用心。</p>',
  },
  {
    title: '企業採購與合作',
    content:
      '<h2>企業禮贈品與團購</h2><p>提供企業節慶禮盒客製、員工福利團購與品牌聯名合作，歡迎來信 service@goodday-select.example.tw 洽詢。</p>',
  },
];

export const demoNews = [
  { title: '滿NT$1,500全館免運', summary: '即日起單筆訂單滿NT$1,500，宅配免運費。', daysAgo: 1 },
  { title: '中秋禮盒預購開跑', summary: '中秋月餅禮盒即將開放預購，早鳥享限定優惠。', daysAgo: 4 },
  { title: '保養品任選2件85折', summary: '臉部與身體保養指定商品任選2件85折，數量有限。', daysAgo: 7 },
  { title: '新品上架：台灣阿里山咖啡豆', summary: '在地小農栽種的阿里山咖啡，堅果可可風味。', daysAgo: 12 },
  { title: '會員升等制度說明', summary: '累積消費達門檻即升等銀卡、金卡會員，享更多回饋。', daysAgo: 20 },
  { title: '春節出貨時間公告', summary: '春節期間暫停出貨，假期結束後依訂單順序寄出。', daysAgo: 35 },
  { title: '好日子選物LINE官方帳號上線', summary: '加入LINE好友，搶先收到新品與優惠訊息。', daysAgo: 50 },
  { title: '門市試飲活動：東方美人茶', summary: '週末門市試飲東方美人茶，歡迎來店品嚐。', daysAgo: 70 },
];

export const demoArticleCategories = ['使用心得', '生活提案', '品牌故事'];

export const demoArticles: { category: string; title: string; summary: string }[] = [
  {
    category: '使用心得',
    title: '乾肌救星！玻尿酸精華一個月心得',
    summary: '換季脫皮的我，連續擦了一個月後的真實感受。',
  },
  { category: '使用心得', title: '阿里山烏龍茶，辦公室的午後儀式', summary: '一泡可以回沖五次，花香一直都在。' },
  {
    category: '使用心得',
    title: '無患子洗衣精：寶寶衣物也放心',
    summary: '新手媽媽分享：洗完沒有刺鼻香味，觸感柔軟。',
  },
  { category: '使用心得', title: '鑄鐵鍋開鍋與保養全紀錄', summary: '第一次用鑄鐵鍋就上手，煎牛排超美味。' },
  {
    category: '生活提案',
    title: '週末在家手沖咖啡的三個訣竅',
    summary: '水溫、粉水比與注水節奏，在家也能沖出好咖啡。',
  },
  { category: '生活提案', title: '梅雨季衣櫃除濕小撇步', summary: '竹炭包加上簡單收納習慣，告別霉味。' },
  { category: '生活提案', title: '冷泡茶怎麼泡？一次學會', summary: '茶葉量、浸泡時間與保存方式一次說明。' },
  { category: '品牌故事', title: '走訪坪林：包種茶的四代茶農', summary: '跟著茶農上山，看見一片茶葉的旅程。' },
  { category: '品牌故事', title: '鶯歌陶瓷職人的一天', summary: '從練土、拉坯到上釉，每只碗都有溫度。' },
  { category: '品牌故事', title: '好日子選物的選品原則', summary: '我們如何決定一件商品能不能上架。' },
];

export const demoTerms = [
  {
    position: BrandPosition.Member,
    title: '會員說明',
    content:
      '<h3>加入會員</h3><p>以手機號碼註冊並完成簡訊驗證即可成為會員。</p><h3>會員等級</h3><ul><li>一般會員：完成註冊。</li><li>銀卡會員：累積消費滿NT$10,000。</li><li>金卡會員：累積消費滿NT$30,000。</li></ul><h3>紅利點數</h3><p>紅利點數每1點可折抵NT$1，於結帳時使用。</p>',
  },
  {
    position: BrandPosition.Shopping,
    title: '購物須知',
    content:
      '<h3>付款方式</h3><p>提供信用卡、ATM虛擬帳號、銀行轉帳與貨到付款。</p><h3>運費</h3><p>宅配運費NT$100，低溫宅配NT$160，單筆滿NT$1,500免運。</p><h3>退換貨</h3><p>依消費者保護法，商品到貨後享7天鑑賞期，請於出貨日起7天內提出退貨申請。</p>',
  },
  {
    position: BrandPosition.Terms,
    title: '服務條款',
    content:
      '<p>歡迎使用好日子選物（以下稱本網站）。當您使用本網站服務時，即表示您已閱讀、瞭解並同意接受本服務條款之所有內容。</p><p>本網站保留隨時修改本條款之權利，修改後將公告於網站上。</p>',
  },
  {
    position: BrandPosition.Privacy,
    title: '隱私權聲明',
    content:
      '<p>本網站依個人資料保護法蒐集、處理及利用您的個人資料，僅用於訂單處理、客戶服務與會員權益通知。</p><p>未經您的同意，我們不會將個人資料提供給第三方，但依法令要求者不在此限。</p>',
  },
];

export const demoQuestions = [
  { question: '下單後多久會出貨？', answer: '<p>付款完成後1至3個工作天內出貨（預購商品依頁面說明）。</p>' },
  { question: '可以使用哪些付款方式？', answer: '<p>信用卡、ATM虛擬帳號、銀行轉帳與貨到付款。</p>' },
  { question: '銀行轉帳後要如何通知？', answer: '<p>請至「訂單查詢」點選「通知匯款」，填寫轉出帳號末5碼即可。</p>' },
  {
    question: '如何申請退貨？',
    answer: '<p>商品出貨後7天內，可於訂單明細點選「申請退貨」，上傳商品照片並填寫原因。</p>',
  },
  { question: '訂單可以取消嗎？', answer: '<p>尚未出貨的處理中訂單可申請取消；已付款訂單將於審核後退款。</p>' },
  { question: '紅利點數怎麼使用？', answer: '<p>結帳時可使用紅利點數折抵，每1點折抵NT$1。</p>' },
];

export const demoCourseTypes = [
  { name: '生活手作', parent: undefined },
  { name: '品茶咖啡', parent: undefined },
  { name: '香氛蠟燭', parent: '生活手作' },
];

export const demoCourses = [
  {
    type: '香氛蠟燭',
    name: '大豆蠟香氛蠟燭手作課',
    price: 1200,
    onSale: 980,
    startDays: 14,
    location: '台北市大安區 好日子教室',
  },
  {
    type: '生活手作',
    name: '陶瓷杯手捏入門',
    price: 1500,
    onSale: 1350,
    startDays: 21,
    location: '新北市鶯歌區 合作工作室',
  },
  {
    type: '品茶咖啡',
    name: '台灣茶品飲入門',
    price: 800,
    onSale: 800,
    startDays: 10,
    location: '台北市大安區 好日子教室',
  },
  {
    type: '品茶咖啡',
    name: '手沖咖啡一日班',
    price: 1600,
    onSale: 1280,
    startDays: 30,
    location: '台北市中山區 合作咖啡館',
  },
];

export const demoLevels = [
  { name: '一般會員', styleClass: 'level-normal', threshold: 0, bonusRate: 1 },
  { name: '銀卡會員', styleClass: 'level-silver', threshold: 10_000, bonusRate: 2 },
  { name: '金卡會員', styleClass: 'level-gold', threshold: 30_000, bonusRate: 3 },
];
