import { type RouteConfig, index, route } from '@react-router/dev/routes';

export default [
  index('routes/home.tsx'),
  route('products', 'routes/products.tsx'),
  // spec §2: any unknown path redirects to the home page. Keep last.
  route('*', 'routes/unknown-path.tsx'),
] satisfies RouteConfig;
