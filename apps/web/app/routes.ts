import { type RouteConfig, index, route } from '@react-router/dev/routes';
import { adminRoutes } from './admin-routes.ts';

export default [
  index('routes/home.tsx'),
  ...adminRoutes,
  // spec §2: any unknown path redirects to the home page. Keep last.
  route('*', 'routes/unknown-path.tsx'),
] satisfies RouteConfig;
