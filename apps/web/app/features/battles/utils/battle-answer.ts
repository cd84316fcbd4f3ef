import type { TFunction } from 'i18next';

/**
 * Spec §5: the battle answers the page cannot go on without, and the error each missing one
 * raises: a created battle must name its ulid, a start or cancel must answer something, and a
 * failed sale of winnings reuses the cancel's error. The texts are the spec's (for logs); the
 * player reads the catalogue's `error_occurred` in their language.
 */
export const BATTLE_ANSWER_ERRORS = {
  create: 'Create battle error',
  start: 'Battle Start error',
  cancel: 'Cancel Battle Start error',
  sell: 'Cancel Battle Start error',
} as const;

export type BattleStep = keyof typeof BATTLE_ANSWER_ERRORS;

export class BattleAnswerError extends Error {
  constructor(readonly step: BattleStep) {
    super(BATTLE_ANSWER_ERRORS[step]);
    this.name = 'BattleAnswerError';
  }
}

/** The answer when it holds what `has` asks of it; else the step's error. */
export function requireAnswer<T>(step: BattleStep, answer: T | null | undefined, has: (a: T) => boolean = () => true): T {
  if (answer === null || answer === undefined || (typeof answer === 'object' && Object.keys(answer).length === 0) || !has(answer)) {
    throw new BattleAnswerError(step);
  }
  return answer;
}

/** What the player is told of a failed battle action: the server's message, or the generic one for a missing answer. */
export const battleFailText = (t: TFunction, e: Error): string => (e instanceof BattleAnswerError ? t('alertCodes.error_occurred') : e.message);
