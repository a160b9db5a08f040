// The logistics module's outbox job (docs/decisions/054), registered with the job runner by main.ts.
import { z } from 'zod';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { JobHandler } from '../jobs/index.ts';
import { CREATE_SHIPMENT_JOB, createShipment } from './shipments.service.ts';

const payload = z.object({ shipmentId: z.number().int().positive() });

export function shipmentJobHandlers(deps: {
  db: Db;
  config: Config;
  now?: () => Date;
  log?: { warn(obj: object, msg: string): void };
}): Record<string, JobHandler> {
  const now = deps.now ?? (() => new Date());
  return {
    [CREATE_SHIPMENT_JOB]: async (input, ctx) =>
      createShipment(
        { db: deps.db, config: deps.config, now: now(), log: deps.log, signal: ctx.signal },
        payload.parse(input).shipmentId,
      ),
  };
}
