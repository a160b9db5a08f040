// Typed domain errors (STYLE.md §4). Services throw these; the one error handler in
// plugins/errors.ts turns them into the API envelope `{code, msg, errors?}`.

export interface FieldError {
  field: string;
  msg: string;
}

export class DomainError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors?: FieldError[],
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class Invalid extends DomainError {
  constructor(message = '輸入資料有誤', errors?: FieldError[]) {
    super(400, message, errors);
  }
}

export class Unauthorized extends DomainError {
  constructor(message = '請先登入') {
    super(401, message);
  }
}

export class Forbidden extends DomainError {
  constructor(message = '沒有權限') {
    super(403, message);
  }
}

export class NotFound extends DomainError {
  constructor(message = '找不到資料') {
    super(404, message);
  }
}

export class Conflict extends DomainError {
  constructor(message = '資料已被變更，請重新整理後再試', errors?: FieldError[]) {
    super(409, message, errors);
  }
}

export class TooManyRequests extends DomainError {
  constructor(
    message = '請求過於頻繁，請稍後再試',
    /** Sent as `Retry-After` where the route announces it (http/retry-after.ts). */
    readonly retryAfterSeconds?: number,
  ) {
    super(429, message);
  }
}

/** Something the shop depends on (the SMS gateway) did not do its part; the request may be retried. */
export class Unavailable extends DomainError {
  constructor(message = '服務暫時無法使用，請稍後再試') {
    super(503, message);
  }
}
