// The browser the stories drive (decision 089): Debian's Chromium headless shell, the build of Chromium
// made for automation, which ran the stories about a third faster than the full browser on a 2-core
// machine; the full Chromium where only it is installed; CHROME_PATH over both. Nothing is downloaded
// at run time: the packages come from the system's own package manager.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
export const FULL_CHROMIUM = '/usr/bin/chromium';

/** The Debian packages the stories need: the browser and the fonts Taiwanese Android phones have. */
const BROWSER_PACKAGES = ['chromium-headless-shell', 'fonts-noto-cjk'];
const INSTALL_COMMAND = `sudo apt-get update && sudo apt-get install -y ${BROWSER_PACKAGES.join(' ')}`;

/** The executable the stories run, or null when none is installed. */
export function testBrowserPath(env = process.env) {
  if (env.CHROME_PATH) return env.CHROME_PATH;
  return [HEADLESS_SHELL, FULL_CHROMIUM].find((file) => fs.existsSync(file)) ?? null;
}

function fontsInstalled() {
  return fs.existsSync('/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc');
}

/**
 * Installs what the stories lack when this process may (root, with apt-get), as CI does; otherwise
 * answers the one command to run. Answers null when everything is there.
 */
export function ensureTestBrowser(env = process.env) {
  if (env.CHROME_PATH)
    return fs.existsSync(env.CHROME_PATH) ? null : `CHROME_PATH=${env.CHROME_PATH} 不存在 · does not exist`;
  const missing = [];
  if (!fs.existsSync(HEADLESS_SHELL)) missing.push('chromium-headless-shell');
  if (!fontsInstalled()) missing.push('fonts-noto-cjk');
  if (missing.length === 0) return null;
  const canInstall = process.getuid?.() === 0 && spawnSync('apt-get', ['--version'], { stdio: 'ignore' }).status === 0;
  if (canInstall) {
    console.log(`安裝瀏覽器測試所需套件 · installing ${missing.join(' ')}`);
    const update = spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
    const install =
      update.status === 0 &&
      spawnSync('apt-get', ['install', '-y', '-qq', ...missing], {
        stdio: 'inherit',
        env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
      }).status === 0;
    if (install) return null;
  }
  // The full Chromium still runs the stories, only slower; the fonts have no stand-in.
  if (testBrowserPath(env) && fontsInstalled()) return null;
  return `瀏覽器測試需要 Chromium 與中文字型，請執行 · the browser tests need Chromium and the CJK fonts; run:\n  ${INSTALL_COMMAND}`;
}
