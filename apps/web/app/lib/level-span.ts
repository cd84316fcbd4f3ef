import type { LevelInfoWire } from '@store/shared/api/levels';
import type { Camel } from './api.ts';

/** Experience gathered into the current level, and how much the whole level takes, for a bar's label. */
export function levelSpan(l: Pick<Camel<LevelInfoWire>, 'currentExp' | 'expPreviousLevel' | 'expToNextLevel'>) {
  const into = Math.max(0, l.currentExp - l.expPreviousLevel);
  return { into, span: into + Math.max(0, l.expToNextLevel) };
}
