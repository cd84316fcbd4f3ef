/** A refusal of an operator command: printed as it is, exit status 1. */
export class AdminError extends Error {
  override name = 'AdminError';
}
