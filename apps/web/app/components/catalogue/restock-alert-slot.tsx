// The 貨到通知 control of the product page. The catalogue page renders this slot; the restock-alerts
// feature owns what it does (features/restock-alerts/restock-alert.tsx).
import { RestockAlert, type RestockAlertProps } from '../../features/restock-alerts/restock-alert.tsx';

export function RestockAlertSlot(props: RestockAlertProps) {
  return <RestockAlert {...props} />;
}
