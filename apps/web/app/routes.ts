import { type RouteConfig, index, route } from '@react-router/dev/routes';
import { adminRoutes } from './admin-routes.ts';

export default [
  index('routes/home.tsx'),
  ...adminRoutes,
  // Members (issue 5): login, registration (/login/{id}), forgotten password, the member centre.
  route('login', 'routes/login.tsx'),
  route('login/forgot-password', 'routes/forgot-password.tsx'),
  // After LINE Login (issue 41): link the LINE account to a member, or finish its sign-in.
  route('login/line', 'routes/login-line.tsx'),
  route('login/:id', 'routes/register.tsx'),
  // The member centre is a layout: add its sections (e.g. `route('orders', …)`) as children here.
  route('member', 'routes/member.tsx', [
    index('routes/member-overview.tsx'),
    route('personal-info', 'routes/member-personal-info.tsx'),
    route('downline', 'routes/member-downline.tsx'),
    route('influencer', 'routes/member-influencer.tsx'),
    // Member orders (spec §2), delivered by the orders area.
    route('orders', 'routes/member-orders.tsx'),
    route('orders/:orderNumber', 'routes/member-order-detail.tsx'),
    // 收藏清單 (issue 43 item 4).
    route('wishlist', 'routes/member-wishlist.tsx'),
  ]),
  route('products', 'routes/products.tsx'),
  route('bundles', 'routes/bundles.tsx'),
  route('searching', 'routes/searching.tsx'),
  route('news', 'routes/news.tsx'),
  route('news/:id', 'routes/news-detail.tsx'),
  // Courses (issue 20 item 9, docs/decisions/047): by type, and one course, as news.
  route('courses', 'routes/courses.tsx'),
  route('courses/:id', 'routes/course-detail.tsx'),
  route('recommended', 'routes/recommended.tsx'),
  route('about', 'routes/about.tsx'),
  route('terms/:page?', 'routes/terms.tsx'),
  route('contact', 'routes/contact.tsx'),
  route('coop/:code', 'routes/coop.tsx'),
  route('sitemap.xml', 'routes/sitemap.xml.ts'),
  route('robots.txt', 'routes/robots.txt.ts'),
  route('cart', 'routes/cart.tsx'),
  route('payment/result', 'routes/payment-result.tsx'),
  route('searching-order', 'routes/searching-order.tsx'),
  // Any other address: the not-found page with 404 (decision 075; spec §2 redirected it home). Keep last.
  route('*', 'routes/unknown-path.tsx'),
] satisfies RouteConfig;
