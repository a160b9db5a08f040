// The whole database schema, one module per aggregate (ARCHITECTURE.md layout).
export * from './settings.ts';
export * from './catalogue.ts';
export * from './packages.ts';
export * from './bundles.ts';
export * from './courses.ts';
export * from './content.ts';
export * from './staff.ts';
export * from './members.ts';
export * from './bonus-ledger.ts';
export * from './auth.ts';
export * from './carts.ts';
export * from './orders.ts';
export * from './payments.ts';
export * from './uploads.ts';
export * from './contact.ts';
export * from './jobs.ts';
export * from './invoices.ts';
