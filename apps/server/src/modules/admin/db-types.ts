import type { Db } from '../../db/client.ts';

/** A transaction handle; writes that need an audit row take this, so both commit or neither does. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
