// What other modules may use of this one (issue 15 item 6: modules meet only through their index).
export {
  createEcpayLogisticsClient,
  EcpayLogisticsUnavailable,
  LOGISTICS_ORDER_RECEIVED,
  logisticsSubType,
  NOTIFICATION_ACK,
  parseStatusNotice,
  type CreateShipmentResult,
  type CvsShipmentRequest,
  type EcpayLogisticsClient,
  type LogisticsStatusNotice,
} from './ecpay-logistics.ts';
export { logisticsCheckMacValue, verifyLogisticsCheckMacValue } from './logistics-check-mac-value.ts';
export { checkedPickupStore, logisticsSettings, storeMapUrl, type LogisticsSettings } from './store-map.service.ts';
export {
  acceptStatusNotice,
  adminShipmentViewOf,
  CREATE_SHIPMENT_JOB,
  createShipment,
  requestShipments,
  simulateNextStatus,
} from './shipments.service.ts';
export { shipmentJobHandlers } from './shipment-jobs.ts';
