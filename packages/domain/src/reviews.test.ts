import { describe, expect, it } from 'vitest';
import { reviewAverage, reviewBodySchema, reviewModerationSchema, reviewMsg, reviewPlainText } from './reviews.ts';

describe('reviewPlainText', () => {
  it.each([
    ['<b>好喝</b>', '好喝'],
    ['<script>alert(1)</script>回甘', 'alert(1)回甘'],
    ['a < b 但 c > d', 'a < b 但 c > d'],
    ['3<5 顆星', '3<5 顆星'],
    ['<!-- 註解 -->好', '好'],
    ['沒有標籤', '沒有標籤'],
    ['  前後空白\r\n\r\n\r\n\r\n第二段  ', '前後空白\n\n第二段'],
    ['鈴\u0007聲', '鈴聲'],
    ['<img src=x onerror=alert(1)', ''],
  ])('%j → %j', (input, plain) => expect(reviewPlainText(input)).toBe(plain));
});

describe('reviewAverage', () => {
  it.each([
    [0, 0, 0],
    [5, 1, 5],
    [7, 2, 3.5],
    [13, 3, 4.3],
  ])('%i stars over %i reviews → %d', (sum, count, average) => expect(reviewAverage(sum, count)).toBe(average));
});

describe('reviewBodySchema', () => {
  const ok = { orders_id: 3, rating: 4 };
  it('takes stars alone; text and photos are optional', () => {
    expect(reviewBodySchema.parse(ok)).toEqual({ ...ok, content: '', pic: [] });
  });
  it('counts 500 characters after the tags are gone, emoji as one', () => {
    expect(reviewBodySchema.safeParse({ ...ok, content: `<p>${'好'.repeat(500)}</p>` }).success).toBe(true);
    expect(reviewBodySchema.safeParse({ ...ok, content: '🍵'.repeat(500) }).success).toBe(true);
    const long = reviewBodySchema.safeParse({ ...ok, content: '好'.repeat(501) });
    expect(long.error?.issues[0]?.message).toBe(reviewMsg.textMax);
  });
  it('refuses a fourth photo and unknown fields', () => {
    expect(reviewBodySchema.safeParse({ ...ok, pic: ['a', 'b', 'c', 'd'] }).error?.issues[0]?.message).toBe(
      reviewMsg.photosMax,
    );
    expect(reviewBodySchema.safeParse({ ...ok, members_id: 9 }).success).toBe(false);
  });
});

describe('reviewModerationSchema', () => {
  it('needs a change', () => {
    expect(reviewModerationSchema.safeParse({}).success).toBe(false);
    expect(reviewModerationSchema.parse({ reply: '<i>謝謝</i>' })).toEqual({ reply: '謝謝' });
    expect(reviewModerationSchema.parse({ hidden: true, reply: null })).toEqual({ hidden: true, reply: null });
  });
});
