// The LINE push of one message from a job (issue 41), for order messages and member messages alike
// (docs/decisions/086): the same retry key on every try, a refusal handing the message to SMS at
// once, LINE out of reach retried, and LINE_TRIES failed tries handing it to SMS as well. Each caller
// keeps the outcome in its own message log through a `LineLog`.
import { describeJobError, type JobContext } from '../jobs/index.ts';
import { LinePushError, lineRetryKey, type LinePushSender } from '../line/index.ts';

/** Tries of one LINE message before its SMS goes instead: LINE down for this long should not silence the shop. */
export const LINE_TRIES = 3;

/** `U4af4980629…` → `U4af4***629c`: enough for staff to tell LINE accounts apart. */
export function maskLineUser(userId: string): string {
  return `${userId.slice(0, 5)}***${userId.slice(-4)}`;
}

/** The LINE row of one job in a message log. */
export interface LineLog {
  find(): Promise<{ status: string; attempts: number; providerRequestId: string } | undefined>;
  /** Stores the retry key before LINE is asked, so a try after a lost answer sends the same one. */
  rememberKey(retryKey: string): Promise<void>;
  /** Records a try that reached (or tried to reach) LINE. */
  record(outcome: { status: 'sent' | 'skipped' | 'failed'; error?: string; providerMessageId?: string }): Promise<void>;
}

export interface LinePush {
  line: LinePushSender;
  publicUrl: string;
  ctx: JobContext;
  /** The member's LINE user id. */
  to: string;
  text: string;
  log: LineLog;
  /** Where a failure to be retried is told to the job. */
  failures: string[];
}

/**
 * 'sent' when LINE took the message now, 'done' when it did on an earlier try, 'wait' when LINE could
 * not be reached and will be tried again, 'fallback' when the SMS must go instead (LINE refused it:
 * blocked, no friend; or it failed LINE_TRIES times).
 */
export async function sendByLine(p: LinePush): Promise<'sent' | 'done' | 'wait' | 'fallback'> {
  const logged = await p.log.find();
  if (logged?.status === 'sent') return 'done';
  if (logged?.status === 'skipped' || (logged?.status === 'failed' && logged.attempts >= LINE_TRIES)) return 'fallback';
  // Another runner may hold the job now (decision 077): it sends, this one does not.
  p.ctx.signal.throwIfAborted();
  // The same key on every try of this message: LINE answers a repeat with 409 instead of a second
  // message. Job ids are unique across kinds of job, so one job's key is no other message's.
  const retryKey = logged?.providerRequestId || lineRetryKey(p.publicUrl, p.ctx.jobId, 'line');
  await p.log.rememberKey(retryKey);
  try {
    const sent = await p.line.push(p.to, [{ type: 'text', text: p.text }], { retryKey, signal: p.ctx.signal });
    await p.log.record({ status: 'sent', providerMessageId: sent.messageId });
    return 'sent';
  } catch (err) {
    const error = describeJobError(err);
    if (err instanceof LinePushError && err.refused) {
      await p.log.record({ status: 'skipped', error: `${error}（改以簡訊發送）` });
      return 'fallback';
    }
    await p.log.record({ status: 'failed', error });
    if ((logged?.attempts ?? 0) + 1 >= LINE_TRIES) return 'fallback';
    p.failures.push(`line: ${error}`);
    return 'wait';
  }
}
