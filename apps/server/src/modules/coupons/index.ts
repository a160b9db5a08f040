// What other modules may use of this one (issue 15 item 6: modules meet only through their index).
export {
  couponForCheckout,
  couponRefused,
  redeemCouponInTx,
  releaseCouponInTx,
  type CouponLookup,
} from './coupon-checkout.ts';
