import type { CreateBattleBody, CreateBattleResponse } from '@store/shared/api/battles';
import { battlePrice, checkRounds, roundCount, seatsOf } from '@store/shared/battle';
import { BATTLE_MAX_ROUNDS } from '@store/shared/constants';
import { toUnits } from '@store/shared/money';
import { hashServerSeed, randomSeedHex } from '@store/shared/provably-fair';
import type { Db } from '../../db/client.ts';
import { battles, battleSeats, type BattleCaseRef } from './schema.ts';
import { AppError } from '../../http/errors.ts';
import { findCasesBySlugs, isCaseOpenable, type CaseRow } from '../catalogue/find-cases.ts';
import { runOnce, type IdempotencyKey } from '../wallet/idempotency.ts';
import { debitWallet } from '../wallet/wallet.ts';
import { battleRef } from './lock-battle.ts';
import { newUlid } from './ulid.ts';

/**
 * Cases a battle may hold: open for sale, allowed in battles, priced, with no opens limit (a
 * battle's openings do not take a limited case's stock) and one item per opening.
 */
export const isBattleCase = (c: CaseRow) =>
  c.battleAllowed && isCaseOpenable(c) && c.price > 0 && c.opensLimit === null && c.oddsId !== null && c.multifix === null && c.multicastFrom === null;

/**
 * Creates a battle and seats its creator in seat 1, paid. The case lines are fixed with the
 * odds table and price of the moment, so every seat plays the same terms; the battle's server
 * seed is committed by its hash. One transaction: nothing is created when the creator cannot pay.
 */
export async function createBattle(opts: { db: Db; userId: number; body: CreateBattleBody; idempotencyKey?: IdempotencyKey }): Promise<CreateBattleResponse> {
  const { db, userId, body } = opts;
  const roundsError = checkRounds(body.cases);
  if (roundsError) throw new AppError(roundsError, { max: BATTLE_MAX_ROUNDS });

  const rows = await findCasesBySlugs(db, body.cases.map((l) => l.slug));
  const bySlug = new Map(rows.map((c) => [c.slug, c]));
  const lines: BattleCaseRef[] = body.cases.map((l) => {
    const c = bySlug.get(l.slug);
    if (!c || c.status === 'hidden') throw new AppError('caseNotFound');
    if (!isCaseOpenable(c)) throw new AppError('case_not_available', { case: c.slug });
    if (!isBattleCase(c)) throw new AppError('battle_create_error', { case: c.slug });
    return { caseId: c.id, slug: c.slug, oddsId: c.oddsId!, price: c.price, count: l.count };
  });
  const price = battlePrice(lines);

  const { value } = await runOnce(db, { userId, key: opts.idempotencyKey, route: 'battle_create' }, async (tx) => {
    const ulid = newUlid();
    const serverSeed = randomSeedHex(32);
    const [battle] = await tx
      .insert(battles)
      .values({
        ulid,
        creatorId: userId,
        mode: body.mode,
        seats: seatsOf(body.mode),
        cases: lines,
        roundCount: roundCount(lines),
        price,
        serverSeed,
        serverSeedHash: hashServerSeed(serverSeed),
      })
      .returning({ id: battles.id });
    if (!battle) throw new Error(`battle ${ulid} was not created`);
    const balance = await debitWallet({ tx, userId, amount: price, reason: 'battle_join', ref: battleRef(ulid), meta: { seat: 1 } }, 'error_not_enough_funds_for_battle');
    await tx.insert(battleSeats).values({ battleId: battle.id, seat: 1, userId, paid: price });
    return { battle_ulid: ulid, balance: toUnits(balance) } satisfies CreateBattleResponse;
  });
  return value;
}
