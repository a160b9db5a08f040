// Whether a signing secret could be guessed (issue 37 item 2: production ran on 36 × 'a'). Not a
// strength meter: it catches the shapes people type instead of drawing random bytes. Its messages
// never quote the secret, since they end up in the start-up log. docs/decisions/074.

/** RFC 7518 §3.2: an HS256 key is at least as long as the hash's output, 32 bytes. */
export const SECRET_MIN_BYTES = 32;

/**
 * The estimate's floor: 32 characters drawn from 8 symbols. Random hex of 16 bytes (32 characters)
 * shows 8 or more of its 16 digits all but always; a typed phrase of 7 letters repeated does not.
 */
const MIN_ESTIMATED_BITS = 96;

/** Share of positions that must follow a pattern for the secret to count as that pattern. */
const MOSTLY = 0.75;

/** Widest counter chunk looked for: `00000001 00000002 …`. */
const MAX_COUNTER_WIDTH = 8;

/** Why `secret` is guessable, in a few words; null when nothing gives it away. */
export function whyGuessable(secret: string): string | null {
  const bytes = new TextEncoder().encode(secret).length;
  if (bytes < SECRET_MIN_BYTES) return `${bytes} bytes, fewer than ${SECRET_MIN_BYTES}`;
  const chars = [...secret];
  // Counting first: a zero-padded counter (`00000001 00000002 …`) is mostly one repeated digit too.
  if (isCounter(chars)) return 'characters counting up or down';
  const period = repeatingPeriod(chars);
  if (period === 1) return 'one character repeated';
  if (period !== null) return `a piece of ${period} characters repeated`;
  const bits = estimatedBits(chars);
  if (bits < MIN_ESTIMATED_BITS) {
    return `only ${new Set(chars).size} different characters, about ${Math.floor(bits)} bits`;
  }
  return null;
}

/**
 * Bits of a string if each character were drawn at random from the characters it uses: an upper
 * bound, so a string it finds short of the floor is surely short of it.
 */
export function estimatedBits(chars: readonly string[]): number {
  return chars.length * Math.log2(new Set(chars).size);
}

/**
 * The shortest period p (at most half the length) that mostly holds, chars[i] = chars[i − p]:
 * `aaaa…`, `abcabc…`, `passwordpassword…`, also with a few characters changed or added. null if none.
 */
export function repeatingPeriod(chars: readonly string[]): number | null {
  for (let p = 1; p <= chars.length / 2; p++) {
    let same = 0;
    for (let i = p; i < chars.length; i++) if (chars[i] === chars[i - p]) same++;
    if (same >= MOSTLY * (chars.length - p)) return p;
  }
  return null;
}

/**
 * Whether the string mostly counts by a fixed step: characters (`abcdef…`, `0123456789abcdef…`,
 * `fedcba…`), or hex numbers of a fixed width (`000102…0f10…`, `00000001 00000002…`). A decimal
 * counter reads as hex too: 09 → 10 is one odd step among many of 1.
 */
export function isCounter(chars: readonly string[]): boolean {
  for (let width = 1; width <= MAX_COUNTER_WIDTH; width++) {
    const values = chunkValues(chars, width);
    if (values === null || values.length < 4) continue;
    const steps = new Map<number, number>();
    for (let i = 1; i < values.length; i++) {
      const step = values[i]! - values[i - 1]!;
      if (step !== 0) steps.set(step, (steps.get(step) ?? 0) + 1);
    }
    const commonest = Math.max(0, ...steps.values());
    if (commonest >= MOSTLY * (values.length - 1)) return true;
  }
  return false;
}

/** Width 1: each character's code point. Wider: each whole chunk read as a hex number, or null if one is not hex. */
function chunkValues(chars: readonly string[], width: number): number[] | null {
  if (width === 1) return chars.map((c) => c.codePointAt(0)!);
  const values: number[] = [];
  for (let start = 0; start + width <= chars.length; start += width) {
    const chunk = chars.slice(start, start + width).join('');
    if (!/^[0-9a-f]+$/i.test(chunk)) return null;
    values.push(Number.parseInt(chunk, 16));
  }
  return values;
}
