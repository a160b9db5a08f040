// What other modules may use of this one (issue 15 item 6: modules meet only through their index).
export { lineRecipientOf } from './line-account.service.ts';
export { lineGateway } from './line-gateway.ts';
export { lineLoginRoutes } from './login.routes.ts';
export { LinePushError, lineRetryKey, type LinePushSender, type LineTextMessage } from './line-push.ts';
export { lineRoutes } from './routes.ts';
export { lineSimulatorRoutes } from './simulator.routes.ts';
