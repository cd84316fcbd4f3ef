import type { OutcomeKind } from '@store/shared/api/provably-fair';

/** One line of a player's outcome list, as each game module reports it (newest first). */
export interface OutcomeLine {
  kind: OutcomeKind;
  id: string;
  createdAt: Date;
  title: string;
  nonce: number;
  /** The seed pair the roll used; null for a battle, whose seeds are its own. */
  seedPairId: number | null;
  /** For a battle: whether it ended (its server seed is shown then). */
  revealed?: boolean;
}

/** The player's newest `limit` outcomes of one game, and how many there are. */
export type OutcomeLister = (userId: number, limit: number) => Promise<{ lines: OutcomeLine[]; total: number }>;
