// The demo shop's settings: the one system_settings row (its presence marks the database as seeded),
// follow-us links, payment settings, terms and common questions.
import * as s from '../schema/index.ts';
import { demoFollowUs, demoPaymentSetting, demoQuestions, demoSettings, demoTerms } from './demo-content.ts';
import type { Tx } from './demo-clock.ts';

export async function seedSettings(tx: Tx): Promise<void> {
  await tx.insert(s.systemSettings).values({
    id: 1,
    ...demoSettings,
    indexFavicon: 'demo/site/favicon.png',
    indexPic2: 'demo/site/logo.webp',
    gTag: '',
    shippingFee: 100,
    lowTempShippingFee: 160,
    freeShippingThreshold: 1500,
    returnDays: 7,
    bundlesBanner: 'demo/banners/bundles.webp',
  });
  await tx.insert(s.followUs).values({ id: 1, ...demoFollowUs });
  await tx.insert(s.paymentSettings).values({ id: 1, ...demoPaymentSetting });
  await tx
    .insert(s.termsTexts)
    .values(demoTerms.map((t) => ({ position: t.position, title: t.title, content: t.content })));
  await tx.insert(s.commonQuestions).values(demoQuestions.map((q, i) => ({ ...q, indexId: i + 1 })));
}
