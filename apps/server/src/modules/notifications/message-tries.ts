// What the order and member message logs share (docs/decisions/086): one row per job and channel,
// and how a try on a channel stands once it is made.
import type { OrderMessageChannel, OrderMessageStatus } from '@shop/domain';

/** A try at sending a job's message on a channel, as either log records it. */
export interface MessageTry<Kind extends string> {
  jobId: number;
  kind: Kind;
  channel: OrderMessageChannel;
  recipient: string;
  status: OrderMessageStatus;
  error?: string;
  providerMessageId?: string;
  /** Replaces the stored request key when given ('' to clear it); kept when absent. */
  providerRequestId?: string;
  /** A try reached the provider (counted in attempts). */
  tried: boolean;
  at: Date;
}

/** The columns a log's row gets when this try is its first (attempts counts the tries that reached the provider). */
export const firstTryColumns = <Kind extends string>(o: MessageTry<Kind>) => ({
  jobId: o.jobId,
  kind: o.kind,
  channel: o.channel,
  attempts: o.tried ? 1 : 0,
  createdAt: o.at,
});
