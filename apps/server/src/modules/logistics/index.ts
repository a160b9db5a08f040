// What other modules may use of this one (issue 15 item 6: modules meet only through their index).
export {
  createEcpayLogisticsClient,
  EcpayLogisticsUnavailable,
  LOGISTICS_ORDER_RECEIVED,
  logisticsCheckMacValue,
  logisticsSubType,
  NOTIFICATION_ACK,
  parseStatusNotice,
  verifyLogisticsCheckMacValue,
  type CreateShipmentResult,
  type CvsShipmentRequest,
  type EcpayLogisticsClient,
  type LogisticsStatusNotice,
} from './ecpay-logistics.ts';
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
