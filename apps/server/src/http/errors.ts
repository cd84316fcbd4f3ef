import type { ErrorCode } from '@store/shared/errors';

/** A failure the player can cause: it maps to a catalogue code, a status and a localized text. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly params: Record<string, unknown> = {},
    readonly statusOverride?: number,
  ) {
    super(code);
    this.name = 'AppError';
  }
}
