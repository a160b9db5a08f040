// Demo and load data (issue 3 item 3). main.ts seeds an empty database; `npm run seed` does it by hand.
export { ARGON2_OPTIONS, DEMO_MEMBER_PASSWORD, DEMO_STAFF, demoImageJobs, isDatabaseEmpty, seedDemo } from './demo.ts';
export type { SeedDemoOptions, SeedDemoResult } from './demo.ts';
export { demoProductPic } from './demo-catalogue.ts';
export { seedCatalogueLoad } from './catalogue-load.ts';
export { seedOrderLoad } from './order-load.ts';
