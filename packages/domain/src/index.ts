// @shop/domain: pure rules, types and schemas shared by the server and the web. No I/O.
export * from './enums.ts';
export * from './encoded-list.ts';
export * from './visibility.ts';
export * from './sorting.ts';
export * from './pagination.ts';
export * from './phone.ts';
export * from './discount.ts';
export * from './celebrity-pricing.ts';
export * from './money.ts';
export * from './messages.ts';
export * from './schemas.ts';
export * from './entities.ts';
export * from './product-types.ts';
