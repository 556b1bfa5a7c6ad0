/** The error catalogue of spec section 8. */
export enum ErrorCode {
  Validation = 1000,
  UserExists = 1001,
  EntityHasData = 1002,
  Database = 1006,
  HasDependencies = 1007,
  NoImage = 1013,
  MoqNotReached = 1014,
  MxoqExceeded = 1015,
  NotDivisibleByIncrement = 1016,
  InconsistentData = 1017,
  NoPermission = 1020,
  WrongCredentials = 1026,
  TooManyTries = 1028,
  NoServiceFee = 1032,
  NoKanbanRuleForCustomer = 1038,
  CustomerOrLocationInactive = 1039,
  NoKanbanRuleForItem = 1040,
  PrintError = 1055,
  ServerMessage = 1056,
  LicenseLimit = 1058,
  Duplicate = 1059,
}

/** Journal codes (spec 8), recorded by runs and transmissions rather than returned by calls. */
export enum JournalCode {
  Unexpected = 2000,
  ConfigMissing = 2001,
  ConfigInvalid = 2002,
  ExternalResponse = 2003,
  ExternalAuth = 2004,
  RetrieveData = 2005,
  SaveMeasurement = 2006,
  NegativeMeasurement = 2007,
}

/**
 * Codes that are not part of the catalogue but travel in Meta.code for protocol-level failures
 * (the web shows the server message for them).
 */
export enum ProtocolCode {
  Ok = 200,
  Unauthenticated = 401,
  NotFound = 404,
  TooManyRequests = 429,
  Internal = 500,
  Unavailable = 503,
}

export type AnyCode = ErrorCode | ProtocolCode;

export const ERROR_MESSAGES: Record<ErrorCode, string> = {
  [ErrorCode.Validation]: 'validation error',
  [ErrorCode.UserExists]: 'user already exists',
  [ErrorCode.EntityHasData]: 'entity has data',
  [ErrorCode.Database]: 'database error',
  [ErrorCode.HasDependencies]: 'data cannot be deleted, dependencies exist',
  [ErrorCode.NoImage]: 'no image submitted',
  [ErrorCode.MoqNotReached]: 'MOQ not reached',
  [ErrorCode.MxoqExceeded]: 'MXOQ exceeded',
  [ErrorCode.NotDivisibleByIncrement]: 'order quantity not divisible by increment',
  [ErrorCode.InconsistentData]: 'data inconsistent, SKU and unit do not match cloud data',
  [ErrorCode.NoPermission]: 'no permission to view',
  [ErrorCode.WrongCredentials]: 'wrong credentials',
  [ErrorCode.TooManyTries]: 'too many tries, use reset password',
  [ErrorCode.NoServiceFee]: 'no service fee',
  [ErrorCode.NoKanbanRuleForCustomer]: 'no kanban rule for customer',
  [ErrorCode.CustomerOrLocationInactive]: 'customer or location inactive',
  [ErrorCode.NoKanbanRuleForItem]: 'no kanban rule for item',
  [ErrorCode.PrintError]: 'error while printing',
  [ErrorCode.ServerMessage]: 'server message shown instead',
  [ErrorCode.LicenseLimit]: 'license limit reached, contact support',
  [ErrorCode.Duplicate]: 'duplicate data, check key fields',
};

/** HTTP status for a code; an exhaustive switch so a new code cannot be forgotten. */
export function httpStatusOf(code: AnyCode): number {
  switch (code) {
    case ProtocolCode.Ok:
      return 200;
    case ProtocolCode.Unauthenticated:
    case ErrorCode.WrongCredentials:
      return 401;
    case ProtocolCode.NotFound:
      return 404;
    case ProtocolCode.TooManyRequests:
    case ErrorCode.TooManyTries:
      return 429;
    case ProtocolCode.Internal:
    case ErrorCode.PrintError:
      return 500;
    // A database out of reach or a race lost after retries: try again later.
    case ErrorCode.Database:
    case ProtocolCode.Unavailable:
      return 503;
    case ErrorCode.ServerMessage:
      return 502;
    case ErrorCode.NoPermission:
    case ErrorCode.LicenseLimit:
      return 403;
    case ErrorCode.UserExists:
    case ErrorCode.EntityHasData:
    case ErrorCode.HasDependencies:
    case ErrorCode.Duplicate:
      return 409;
    case ErrorCode.Validation:
    case ErrorCode.NoImage:
    case ErrorCode.MoqNotReached:
    case ErrorCode.MxoqExceeded:
    case ErrorCode.NotDivisibleByIncrement:
    case ErrorCode.InconsistentData:
    case ErrorCode.NoServiceFee:
    case ErrorCode.NoKanbanRuleForCustomer:
    case ErrorCode.CustomerOrLocationInactive:
    case ErrorCode.NoKanbanRuleForItem:
      return 422;
  }
}

export interface FieldError {
  field: string;
  message: string;
  /** the catalogue code of this field's problem when it differs by field (a new order's lines: 1014, 1059, ...) */
  code?: AnyCode;
  /** what the web words the problem with (e.g. `{ moq: 2, unit: 'PAK' }`, `{ order_id: 1048 }`) */
  params?: Record<string, string | number>;
}

/** What travels over the bus and into the envelope when something fails. */
export interface ErrorBody {
  code: AnyCode;
  message: string;
  field?: string;
  errors?: FieldError[];
  /** what the envelope's Data carries besides `errors` (e.g. the rules behind a 1007) */
  data?: Record<string, unknown>;
  /** names the log line of a failure that is not the caller's (1006, 500); the envelope's Meta.correlation_id */
  correlationId?: string;
}

/** The one exception type services throw: a catalogue code, a message, optionally the offending field. */
export class AppError extends Error {
  readonly code: AnyCode;
  readonly field?: string;
  readonly errors?: FieldError[];
  readonly data?: Record<string, unknown>;
  readonly correlationId?: string;

  constructor(
    code: AnyCode,
    message?: string,
    details?: { field?: string; errors?: FieldError[]; data?: Record<string, unknown>; correlationId?: string },
  ) {
    super(message ?? defaultMessage(code));
    this.name = 'AppError';
    this.code = code;
    this.field = details?.field ?? details?.errors?.[0]?.field;
    this.errors = details?.errors;
    this.data = details?.data;
    this.correlationId = details?.correlationId;
  }

  static validation(field: string, message: string): AppError {
    return new AppError(ErrorCode.Validation, `${field}: ${message}`, { field, errors: [{ field, message }] });
  }

  toBody(): ErrorBody {
    const body: ErrorBody = { code: this.code, message: this.message };
    if (this.field) body.field = this.field;
    if (this.errors) body.errors = this.errors;
    if (this.data) body.data = this.data;
    if (this.correlationId) body.correlationId = this.correlationId;
    return body;
  }

  static fromBody(body: ErrorBody): AppError {
    return new AppError(body.code, body.message, { field: body.field, errors: body.errors, data: body.data, correlationId: body.correlationId });
  }
}

export function defaultMessage(code: AnyCode): string {
  if (code in ERROR_MESSAGES) return ERROR_MESSAGES[code as ErrorCode];
  switch (code as ProtocolCode) {
    case ProtocolCode.Ok:
      return '';
    case ProtocolCode.Unauthenticated:
      return 'not authenticated';
    case ProtocolCode.NotFound:
      return 'not found';
    case ProtocolCode.TooManyRequests:
      return 'too many requests';
    case ProtocolCode.Unavailable:
      return 'service unavailable';
    case ProtocolCode.Internal:
      return 'unknown error';
  }
}

export function isErrorBody(value: unknown): value is ErrorBody {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as ErrorBody).code === 'number' &&
    typeof (value as ErrorBody).message === 'string'
  );
}
