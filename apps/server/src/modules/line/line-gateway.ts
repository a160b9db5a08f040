// Which LINE the shop talks to (issue 41, decision 083): none (`off`), the simulator inside the shop,
// or LINE at the URLs of the settings (LINE's own by default; a test's stand-in server in tests). One
// gateway per configuration, so the login routes, the simulator's pages and the job runner share the
// simulator's codes and push log.
import type { Config } from '../../config.ts';
import { createLinePushClient, type LinePushSender } from './line-push.ts';
import { LINE_SIMULATOR_LOGIN_CHANNEL, LINE_SIMULATOR_MESSAGING } from './line-settings.ts';
import { createLineSimulator, LINE_SIMULATOR_API, LINE_SIMULATOR_PATH, type LineSimulator } from './line-simulator.ts';

export interface LineLoginChannel {
  /** Where the browser goes to consent: LINE's host, or the simulator's path on the shop's own. */
  authUrl: string;
  apiUrl: string;
  channelId: string;
  channelSecret: string;
  /** PUBLIC_URL/auth/line/callback, as registered with the channel. */
  callbackUrl: string;
  fetch?: typeof fetch;
}

export interface LineMessagingChannel {
  channelSecret: string;
  push: LinePushSender;
}

export interface LineGateway {
  login: LineLoginChannel | null;
  messaging: LineMessagingChannel | null;
  simulator: LineSimulator | null;
}

export const LINE_CALLBACK_PATH = '/auth/line/callback';

const gateways = new WeakMap<Config, LineGateway>();

export function lineGateway(config: Config): LineGateway {
  let gateway = gateways.get(config);
  if (!gateway) {
    gateway = buildGateway(config);
    gateways.set(config, gateway);
  }
  return gateway;
}

function buildGateway(config: Config): LineGateway {
  const loginMode = config.LINE_LOGIN_MODE;
  const messagingMode = config.LINE_MESSAGING_MODE;
  const callbackUrl = `${config.publicUrl}${LINE_CALLBACK_PATH}`;
  const loginChannel = {
    channelId: config.LINE_LOGIN_CHANNEL_ID ?? LINE_SIMULATOR_LOGIN_CHANNEL.id,
    channelSecret: config.LINE_LOGIN_CHANNEL_SECRET ?? LINE_SIMULATOR_LOGIN_CHANNEL.secret,
  };
  const messagingChannel = {
    channelSecret: config.LINE_MESSAGING_CHANNEL_SECRET ?? LINE_SIMULATOR_MESSAGING.secret,
    accessToken: config.LINE_MESSAGING_ACCESS_TOKEN ?? LINE_SIMULATOR_MESSAGING.accessToken,
  };
  const simulator =
    loginMode === 'simulator' || messagingMode === 'simulator'
      ? createLineSimulator({
          login: loginMode === 'simulator' ? loginChannel : null,
          messaging: messagingMode === 'simulator' ? messagingChannel : null,
          callbackUrl,
        })
      : null;
  const login: LineLoginChannel | null =
    loginMode === 'off'
      ? null
      : loginMode === 'simulator'
        ? {
            ...loginChannel,
            authUrl: LINE_SIMULATOR_PATH,
            apiUrl: LINE_SIMULATOR_API,
            callbackUrl,
            fetch: simulator!.api,
          }
        : { ...loginChannel, authUrl: config.LINE_LOGIN_AUTH_URL, apiUrl: config.LINE_LOGIN_API_URL, callbackUrl };
  const messaging: LineMessagingChannel | null =
    messagingMode === 'off'
      ? null
      : {
          channelSecret: messagingChannel.channelSecret,
          push: createLinePushClient(
            messagingMode === 'simulator'
              ? { apiUrl: LINE_SIMULATOR_API, accessToken: messagingChannel.accessToken, fetch: simulator!.api }
              : { apiUrl: config.LINE_MESSAGING_API_URL, accessToken: messagingChannel.accessToken },
          ),
        };
  return { login, messaging, simulator };
}
