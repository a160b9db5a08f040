import { z } from 'zod';

// Path and query values shared by every module. Ids are positive 32-bit integers (the column type);
// anything else is a 400 with a zh-TW message, never a database error.
const MAX_ID = 2_147_483_647;

export const idSchema = z.coerce
  .number({ error: '編號格式錯誤' })
  .int({ error: '編號格式錯誤' })
  .min(1, { error: '編號格式錯誤' })
  .max(MAX_ID, { error: '編號格式錯誤' });

export const idParams = z.object({ id: idSchema });

/** `1,2,3` → [1, 2, 3]; at most 100 ids. */
export const idListSchema = z
  .string()
  .regex(/^\d{1,10}(,\d{1,10}){0,99}$/, { error: '編號清單格式錯誤' })
  .transform((s) => s.split(',').map(Number))
  .refine((ids) => ids.every((id) => id >= 1 && id <= MAX_ID), { error: '編號清單格式錯誤' });

export const pageSchema = z.coerce
  .number({ error: '頁碼格式錯誤' })
  .int({ error: '頁碼格式錯誤' })
  .min(1, { error: '頁碼格式錯誤' })
  .max(100_000, { error: '頁碼格式錯誤' });
export const sizeSchema = z.coerce
  .number({ error: '每頁筆數格式錯誤' })
  .int({ error: '每頁筆數格式錯誤' })
  .min(1, { error: '每頁筆數格式錯誤' })
  .max(100, { error: '每頁筆數最多 100' });
