// Who delivers SMS (issue 5): what every sender promises, and the error it rejects with.
export interface SmsSendOptions {
  /**
   * The caller's key for this message (at most 36 characters); the gateway answers a repeat of it with
   * its first answer instead of sending again. A new one per call when absent.
   */
  clientId?: string;
  /** Gives up on the call when aborted (the job that sends it is no longer this process's). */
  signal?: AbortSignal;
}

export interface SmsSender {
  /**
   * Delivers `text` to the Taiwan mobile number `to`; resolves with the gateway's id of the message
   * ('' when it gives none), rejects with SmsSendError when it was not accepted.
   */
  send(to: string, text: string, options?: SmsSendOptions): Promise<{ messageId: string }>;
}

export class SmsSendError extends Error {
  /**
   * The gateway answered and refused: the message was not sent, and a new try needs a new client id
   * (the gateway would answer the old one with the same refusal). False when the answer was lost.
   */
  readonly refused: boolean;

  constructor(message: string, options: { refused?: boolean } = {}) {
    super(message);
    this.name = 'SmsSendError';
    this.refused = options.refused ?? false;
  }
}
