// Who delivers SMS codes (issue 5): what every sender promises, and the error it rejects with.
export interface SmsSender {
  /** Delivers `text` to the Taiwan mobile number `to`; rejects with SmsSendError when it was not accepted. */
  send(to: string, text: string): Promise<void>;
}

export class SmsSendError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SmsSendError';
  }
}
