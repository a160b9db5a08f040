import { type RouteConfig, index, route } from '@react-router/dev/routes';

export default [
  index('routes/home.tsx'),
  // Members (issue 5): login, registration (/login/{id}), forgotten password, the member centre.
  route('login', 'routes/login.tsx'),
  route('login/forgot-password', 'routes/forgot-password.tsx'),
  route('login/:id', 'routes/register.tsx'),
  // The member centre is a layout: add its sections (e.g. `route('orders', …)`) as children here.
  route('member', 'routes/member.tsx', [
    index('routes/member-overview.tsx'),
    route('personal-info', 'routes/member-personal-info.tsx'),
    route('downline', 'routes/member-downline.tsx'),
    route('influencer', 'routes/member-influencer.tsx'),
  ]),
  // spec §2: any unknown path redirects to the home page. Keep last.
  route('*', 'routes/unknown-path.tsx'),
] satisfies RouteConfig;
