// The stores of the store-map simulator (ECPAY_LOGISTICS_MODE=simulator): a few made-up but
// real-looking stores per chain, in several districts, with ids of the chain's length. The first of
// 7-ELEVEN, 全家 and OK carry the ids ECPay's documentation names for its test system (131386,
// 006598, 1328), so a shipment of such a store also goes through ECPay's stage.
import type { StoreChain } from '@shop/domain';

export interface SimulatorStore {
  id: string;
  name: string;
  /** City and district, what the map searches by. */
  district: string;
  address: string;
  telephone: string;
  /** On an outlying island (CVSOutSide=1). */
  outside: boolean;
}

const store = (id: string, name: string, district: string, street: string, telephone: string, outside = false) => ({
  id,
  name,
  district,
  address: `${district}${street}`,
  telephone,
  outside,
});

export const SIMULATOR_STORES: Record<StoreChain, readonly SimulatorStore[]> = {
  UNIMART: [
    store('131386', '忠孝敦化門市', '臺北市大安區', '忠孝東路四段181號', '0227215631'),
    store('201843', '復興門市', '臺北市大安區', '復興南路一段253號', '0227552184'),
    store('188215', '信義松仁門市', '臺北市信義區', '松仁路90號', '0227236640'),
    store('172439', '板橋府中門市', '新北市板橋區', '府中路30號', '0229653317'),
    store('165378', '中壢中美門市', '桃園市中壢區', '中美路二段61號', '034251862'),
    store('223601', '台中公益門市', '臺中市西區', '公益路161號', '0423016244'),
    store('154962', '高雄五福門市', '高雄市新興區', '五福二路156號', '072410935'),
    store('217705', '馬公中正門市', '澎湖縣馬公市', '中正路12號', '069262451', true),
  ],
  FAMI: [
    store('006598', '全家台北信義店', '臺北市信義區', '信義路五段150巷2號', '0227583120'),
    store('013574', '全家大安和平店', '臺北市大安區', '和平東路二段96號', '0227389516'),
    store('011208', '全家中山松江店', '臺北市中山區', '松江路128號', '0225231877'),
    store('018431', '全家新莊中正店', '新北市新莊區', '中正路331號', '0222761053'),
    store('009926', '全家桃園大興店', '桃園市桃園區', '大興路122號', '033463385'),
    store('016750', '全家台中逢甲店', '臺中市西屯區', '福星路425號', '0427086629'),
    store('020367', '全家台南府前店', '臺南市中西區', '府前路一段88號', '062217430'),
    store('014482', '全家高雄中正店', '高雄市苓雅區', '中正一路97號', '077260148'),
  ],
  HILIFE: [
    store('4472', '萊爾富台北松德店', '臺北市信義區', '松德路168號', '0227595520'),
    store('2186', '萊爾富台北師大店', '臺北市大安區', '師大路113號', '0223697401'),
    store('3059', '萊爾富三重正義店', '新北市三重區', '正義北路201號', '0229857213'),
    store('3741', '萊爾富新竹光復店', '新竹市東區', '光復路二段321號', '035720166'),
    store('2915', '萊爾富台中東海店', '臺中市龍井區', '新興路12號', '0426326590'),
    store('4108', '萊爾富嘉義文化店', '嘉義市西區', '文化路405號', '052281749'),
    store('3327', '萊爾富屏東民生店', '屏東縣屏東市', '民生路77號', '087364120'),
    store('4690', '萊爾富金門金城店', '金門縣金城鎮', '民生路35號', '082325018', true),
  ],
  OKMART: [
    store('1328', 'OK台北永春店', '臺北市信義區', '永吉路510號', '0227653301'),
    store('1457', 'OK台北古亭店', '臺北市中正區', '羅斯福路二段79號', '0223658240'),
    store('1762', 'OK中和景平店', '新北市中和區', '景平路228號', '0229421176'),
    store('1095', 'OK基隆仁愛店', '基隆市仁愛區', '仁一路152號', '024270386'),
    store('1804', 'OK桃園龜山店', '桃園市龜山區', '萬壽路二段1020號', '033290517'),
    store('1243', 'OK台中一中店', '臺中市北區', '一中街96號', '0422257734'),
    store('1589', 'OK彰化中山店', '彰化縣彰化市', '中山路二段360號', '047243915'),
    store('1671', 'OK宜蘭神農店', '宜蘭縣宜蘭市', '神農路一段55號', '039358702'),
  ],
};

export function findSimulatorStore(chain: StoreChain, id: string): SimulatorStore | undefined {
  return SIMULATOR_STORES[chain].find((s) => s.id === id);
}

/** The districts the map lets the shopper pick from, in the list's order. */
export function simulatorDistricts(chain: StoreChain): string[] {
  return [...new Set(SIMULATOR_STORES[chain].map((s) => s.district))];
}

/** The stores of a district (all when none), then those whose name or address has the words typed. */
export function searchSimulatorStores(chain: StoreChain, district: string, words: string): SimulatorStore[] {
  const query = words.trim();
  return SIMULATOR_STORES[chain].filter(
    (s) =>
      (district === '' || s.district === district) &&
      (query === '' || s.name.includes(query) || s.address.includes(query) || s.id === query),
  );
}
