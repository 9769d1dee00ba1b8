import { ProblemError } from '@madreseh/contract/error-messages';
import { ERROR_CODES, ERROR_MESSAGES } from '@madreseh/contract/errors';

/** The one error type handlers throw: a stable code, an HTTP status and a Persian message. */
export class AppError extends ProblemError {
  /** Seconds to wait before trying again, sent as `Retry-After` (429). */
  retryAfterS?: number;

  static badRequest(message: string = ERROR_MESSAGES.validation, fields?: Record<string, string>) {
    return new AppError(400, ERROR_CODES.validation, message, fields);
  }
  static unauthorized(message: string = ERROR_MESSAGES.unauthorized) {
    return new AppError(401, ERROR_CODES.unauthorized, message);
  }
  static forbidden(message: string = ERROR_MESSAGES.forbidden) {
    return new AppError(403, ERROR_CODES.forbidden, message);
  }
  static notFound(message: string = ERROR_MESSAGES.notFound) {
    return new AppError(404, ERROR_CODES.notFound, message);
  }
  static conflict(message: string, fields?: Record<string, string>) {
    return new AppError(409, ERROR_CODES.conflict, message, fields);
  }
  static tooMany(message: string = ERROR_MESSAGES.tooMany) {
    return new AppError(429, ERROR_CODES.tooMany, message);
  }
}
