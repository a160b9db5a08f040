// What the LINE settings must say (issue 41, docs/decisions/083), read by config.ts at start: a mode
// talking to LINE needs the channel's credentials; a real shop (NODE_ENV=production) refuses the
// simulators, a stand-in host and an http origin, since LINE sends the shopper back to PUBLIC_URL.

/** The LINE settings config.ts parses. */
export interface LineSettings {
  NODE_ENV: 'development' | 'production' | 'test';
  PUBLIC_URL?: string | undefined;
  LINE_LOGIN_MODE: 'off' | 'simulator' | 'production';
  LINE_LOGIN_CHANNEL_ID?: string | undefined;
  LINE_LOGIN_CHANNEL_SECRET?: string | undefined;
  LINE_LOGIN_AUTH_URL: string;
  LINE_LOGIN_API_URL: string;
  LINE_MESSAGING_MODE: 'off' | 'simulator' | 'production';
  LINE_MESSAGING_CHANNEL_SECRET?: string | undefined;
  LINE_MESSAGING_ACCESS_TOKEN?: string | undefined;
  LINE_MESSAGING_API_URL: string;
}

export const LINE_AUTH_URL = 'https://access.line.me';
export const LINE_API_URL = 'https://api.line.me';

/**
 * The simulator's channels when none is configured: they only sign what the shop says to itself,
 * and being in this code they are public, so production refuses them.
 */
export const LINE_SIMULATOR_LOGIN_CHANNEL = { id: '2000000001', secret: 'line-login-simulator-channel-secret' };
export const LINE_SIMULATOR_MESSAGING = {
  secret: 'line-messaging-simulator-channel-secret',
  accessToken: 'line-messaging-simulator-access-token',
};

type Problem = `${keyof LineSettings}: ${string}`;

/** Missing credentials of a production mode (any NODE_ENV), and in NODE_ENV=production an http origin. */
export function lineProblems(c: LineSettings): Problem[] {
  const problems: Problem[] = [];
  if (c.LINE_LOGIN_MODE === 'production') {
    if (!c.LINE_LOGIN_CHANNEL_ID) problems.push('LINE_LOGIN_CHANNEL_ID: not set; LINE_LOGIN_MODE=production needs it');
    if (!c.LINE_LOGIN_CHANNEL_SECRET) {
      problems.push('LINE_LOGIN_CHANNEL_SECRET: not set; LINE_LOGIN_MODE=production verifies the id_token with it');
    }
  }
  if (c.LINE_MESSAGING_MODE === 'production') {
    if (!c.LINE_MESSAGING_CHANNEL_SECRET) {
      problems.push('LINE_MESSAGING_CHANNEL_SECRET: not set; the webhook is verified with it');
    }
    if (!c.LINE_MESSAGING_ACCESS_TOKEN) {
      problems.push('LINE_MESSAGING_ACCESS_TOKEN: not set; LINE_MESSAGING_MODE=production pushes with it');
    }
  }
  // Tests and development run the production mode against a stand-in on http://localhost.
  if (c.NODE_ENV === 'production' && c.LINE_LOGIN_MODE === 'production' && !c.PUBLIC_URL?.startsWith('https://')) {
    problems.push(
      `PUBLIC_URL: ${c.PUBLIC_URL ? 'not https' : 'not set'}; LINE Login sends the shopper back to PUBLIC_URL/auth/line/callback, registered with LINE as https`,
    );
  }
  return problems;
}

/** In NODE_ENV=production without ALLOW_TEST_PROVIDERS: no simulator, no public key, no stand-in host. */
export function lineTestProviderProblems(c: LineSettings): Problem[] {
  const problems: Problem[] = [];
  if (c.LINE_LOGIN_MODE === 'simulator')
    problems.push('LINE_LOGIN_MODE: simulator signs nobody in with LINE; set production, or off');
  if (c.LINE_MESSAGING_MODE === 'simulator') {
    problems.push('LINE_MESSAGING_MODE: simulator sends nothing; set production, or off');
  }
  if (c.LINE_LOGIN_CHANNEL_SECRET === LINE_SIMULATOR_LOGIN_CHANNEL.secret) {
    problems.push("LINE_LOGIN_CHANNEL_SECRET: the simulator's, public; set the channel's own");
  }
  if (c.LINE_MESSAGING_CHANNEL_SECRET === LINE_SIMULATOR_MESSAGING.secret) {
    problems.push("LINE_MESSAGING_CHANNEL_SECRET: the simulator's, public; set the channel's own");
  }
  // A stand-in host would receive the channel secret with every code exchange and could vouch for anyone.
  const hosts = [
    ['LINE_LOGIN_AUTH_URL', c.LINE_LOGIN_AUTH_URL, LINE_AUTH_URL],
    ['LINE_LOGIN_API_URL', c.LINE_LOGIN_API_URL, LINE_API_URL],
    ['LINE_MESSAGING_API_URL', c.LINE_MESSAGING_API_URL, LINE_API_URL],
  ] as const;
  for (const [name, value, own] of hosts) {
    if (value.replace(/\/$/, '') !== own)
      problems.push(`${name}: a stand-in host for tests; unset it, so LINE's own ${own} is used`);
  }
  return problems;
}
