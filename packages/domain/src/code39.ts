// Code 39, drawn by the shop (issue 40 item 3, decision 082): the three barcodes of a 超商條碼 are
// Code 39, which a cashier scans from the shopper's phone. The symbology is a fixed table of nine
// elements per character (five bars, four spaces, three of them wide), so an SVG of rectangles is a
// few lines and needs no library. Pure: the same text gives the same SVG on the server and in the browser.

/** Each character's elements, bar first: 1 = wide, 0 = narrow (the published Code 39 table). */
const PATTERNS: Record<string, string> = {
  '0': '000110100',
  '1': '100100001',
  '2': '001100001',
  '3': '101100000',
  '4': '000110001',
  '5': '100110000',
  '6': '001110000',
  '7': '000100101',
  '8': '100100100',
  '9': '001100100',
  A: '100001001',
  B: '001001001',
  C: '101001000',
  D: '000011001',
  E: '100011000',
  F: '001011000',
  G: '000001101',
  H: '100001100',
  I: '001001100',
  J: '000011100',
  K: '100000011',
  L: '001000011',
  M: '101000010',
  N: '000010011',
  O: '100010010',
  P: '001010010',
  Q: '000000111',
  R: '100000110',
  S: '001000110',
  T: '000010110',
  U: '110000001',
  V: '011000001',
  W: '111000000',
  X: '010010001',
  Y: '110010000',
  Z: '011010000',
  '-': '010000101',
  '.': '110000100',
  ' ': '011000100',
  $: '010101000',
  '/': '010100010',
  '+': '010001010',
  '%': '000101010',
  '*': '010010100',
};

/** A wide element is three narrow ones (the ratio scanners read best from 2:1 to 3:1). */
const WIDE = 3;
/** The quiet zone each side: ten narrow modules. */
const QUIET = 10;

/** Whether Code 39 can carry `text` (digits, capitals and - . space $ / + %; no `*`, its start and stop). */
export function isCode39Text(text: string): boolean {
  return text.length > 0 && [...text].every((c) => c !== '*' && c in PATTERNS);
}

/** The bars of `*text*` as [x, width] in narrow modules, and the symbol's whole width with its quiet zones. */
export function code39Bars(text: string): { bars: [number, number][]; width: number } {
  if (!isCode39Text(text)) throw new Error('not Code 39 text');
  const bars: [number, number][] = [];
  let x = QUIET;
  for (const char of `*${text}*`) {
    [...PATTERNS[char]!].forEach((wide, i) => {
      const w = wide === '1' ? WIDE : 1;
      if (i % 2 === 0) bars.push([x, w]);
      x += w;
    });
    x += 1; // the narrow gap between characters
  }
  return { bars, width: x - 1 + QUIET };
}

/**
 * An SVG of `text` as Code 39: black bars on white, `height` modules tall, scaled by the page (the
 * viewBox is in modules, so it stays sharp at any width). `label` names it for screen readers.
 */
export function code39Svg(text: string, label: string, height = 50): string {
  const { bars, width } = code39Bars(text);
  const rects = bars.map(([x, w]) => `<rect x="${x}" y="0" width="${w}" height="${height}"/>`).join('');
  const escaped = label.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" role="img" aria-label="${escaped}" ` +
    `preserveAspectRatio="none" shape-rendering="crispEdges">` +
    `<rect width="${width}" height="${height}" fill="#fff"/><g fill="#000">${rects}</g></svg>`
  );
}
