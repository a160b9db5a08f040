import { type RouteConfig, index, route } from '@react-router/dev/routes';

export default [
  index('routes/home.tsx'),
  route('cart', 'routes/cart.tsx'),
  route('payment/result', 'routes/payment-result.tsx'),
  route('searching-order', 'routes/searching-order.tsx'),
  // Member orders (spec §2); children of the member-centre layout once it exists.
  route('member/orders', 'routes/member-orders.tsx'),
  route('member/orders/:orderNumber', 'routes/member-order-detail.tsx'),
  // spec §2: any unknown path redirects to the home page. Keep last.
  route('*', 'routes/unknown-path.tsx'),
] satisfies RouteConfig;
