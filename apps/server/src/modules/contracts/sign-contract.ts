import type { Lang } from '@store/shared/errors';
import type { ContractRecord, ContractResult } from '@store/shared/api/contracts';
import { pickContractOutcome } from '@store/shared/contract';
import { toUnits } from '@store/shared/money';
import type { Db, Tx } from '../../db/client.ts';
import { contracts } from './schema.ts';
import { findPlayerCard } from '../users/accounts.ts';
import type { Catalogue } from '../catalogue/catalogue.ts';
import { grantItems } from '../inventory/grant-items.ts';
import { presentInventoryItem } from '../inventory/present-item.ts';
import { stakeItems } from '../inventory/stake-items.ts';
import { rollNext } from '../provably-fair/roll-next.ts';
import { nextId } from '../../db/rows.ts';
import { runOnce, type IdempotencyKey } from '../wallet/idempotency.ts';
import { checkCount, presentOutcomes, stakeOf, tableFor, type ContractRules } from './outcome-table.ts';
import { contractMultiplier, presentContractRecord, presentContractRoll } from './present-contract.ts';
import { recordActivity } from '../activity/record-activity.ts';

export interface SignedContract {
  response: ContractResult;
  record: ContractRecord;
  replayed: boolean;
}

/**
 * Signs a contract: in one transaction the items go to `to_contract` by a conditional update,
 * the outcome table is built for their value, the seed pair's nonce advances, the ticket picks
 * the row, and its item arrives (source `Contract`). The record keeps the table and the roll.
 */
export async function signContract(opts: {
  db: Db;
  catalogue: Catalogue;
  rules: ContractRules;
  userId: number;
  ids: number[];
  lang: Lang;
  idempotencyKey?: IdempotencyKey;
}): Promise<SignedContract> {
  checkCount(opts.ids, opts.rules);
  const { value, replayed } = await runOnce(opts.db, { userId: opts.userId, key: opts.idempotencyKey, route: 'contract' }, (tx) => signOnce(tx, opts));
  return { ...value, replayed };
}

async function signOnce(
  tx: Tx,
  { catalogue, rules, userId, ids, lang }: { catalogue: Catalogue; rules: ContractRules; userId: number; ids: number[]; lang: Lang },
): Promise<Omit<SignedContract, 'replayed'>> {
  const staked = await stakeItems(tx, { userId, ids, status: 'to_contract' });
  const stake = stakeOf(staked);
  const table = tableFor(stake, catalogue, rules);

  const roll = await rollNext(tx, userId);
  const outcome = pickContractOutcome(table, roll.ticket);

  const id = await nextId(tx, 'contracts');
  const [item] = await grantItems(tx, { userId, source: 'Contract', sourceRef: `contract:${id}`, items: [{ key: outcome.key, price: outcome.price }] });
  await recordActivity(tx, { kind: 'contract', userId, amount: stake, won: outcome.price, count: staked.length, ref: `contract:${id}` });
  const [row] = await tx
    .insert(contracts)
    .values({
      id,
      userId,
      items: staked,
      stake,
      outcomes: table.map(({ key, price, from, to }) => ({ key, price, from, to })),
      itemKey: outcome.key,
      itemPrice: outcome.price,
      inventoryItemId: item!.id,
      ...roll,
    })
    .returning();
  const player = await findPlayerCard(tx, userId);
  return {
    response: {
      id,
      item: presentInventoryItem(item!, catalogue, lang),
      stake: toUnits(stake),
      multiplier: contractMultiplier(row!),
      roll: presentContractRoll(row!),
      outcomes: presentOutcomes(row!.outcomes, catalogue, lang),
    },
    record: presentContractRecord(row!, player!.nickname, catalogue, 'ru'),
  };
}
