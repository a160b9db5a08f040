// What other modules may use of this one (issue 15 item 6: modules meet only through their index).
export {
  type OrderSettings,
  getDownlinePercent,
  getOrderSettings,
  installmentCountsOf,
  type ShopMessageSettings,
  getShopMessageSettings,
  getReminderSettings,
} from './settings.service.ts';
