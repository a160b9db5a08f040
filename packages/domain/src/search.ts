// spec §5 search: the keyword a shopper types, cleaned the same way by the web page and the API.
import { z } from 'zod';
import { msg } from './messages.ts';
import { KEYWORD_MAX_LENGTH, normalizeKeyword } from './schemas.ts';

// C0/C1 control characters (NUL included: PostgreSQL rejects it in text, so it must never reach SQL).
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]/g;

/**
 * The keyword of a search link (`/searching?keyword=`): control characters become spaces, then it is
 * trimmed and cut to 100 characters (normalizeKeyword). Never fails: anything unreadable is ''.
 * The web page uses this so a pasted paragraph still searches (issue 4, bad input).
 */
export function searchKeyword(value: unknown): string {
  const first = Array.isArray(value) ? (value as unknown[])[0] : value;
  return typeof first === 'string' ? normalizeKeyword(first.replace(CONTROL_CHARACTERS, ' ')) : '';
}

/** Length in characters as a shopper counts them (an emoji or a CJK extension character is one). */
export function characterCount(text: string): number {
  return Array.from(text).length;
}

/**
 * The API's `keyword`: control characters become spaces, trimmed, then required and at most 100
 * characters, with zh-TW messages. A repeated parameter uses the first value.
 */
export const searchKeywordSchema = z.preprocess(
  (value) => {
    const first = Array.isArray(value) ? (value as unknown[])[0] : value;
    return typeof first === 'string' ? first.replace(CONTROL_CHARACTERS, ' ').trim() : first;
  },
  z
    .string({ error: msg.keywordRequired })
    .min(1, { error: msg.keywordRequired })
    .refine((text) => characterCount(text) <= KEYWORD_MAX_LENGTH, { error: msg.keywordTooLong(KEYWORD_MAX_LENGTH) }),
);
