import { z } from 'zod';
import type { Db } from '../db/client.ts';
import { caseReport } from './case-report.ts';
import { createPromo, promoCreateCommand } from './create-promo.ts';
import { grantBalance } from './grant-balance.ts';
import { makeAdmin } from './make-admin.ts';

export const adminCommand = z.discriminatedUnion('command', [
  z.object({ command: z.literal('grant'), login: z.string().min(1), amount: z.number(), operator: z.string().min(1) }),
  z.object({ command: z.literal('make-admin'), login: z.string().min(1) }),
  z.object({ command: z.literal('cases') }),
  promoCreateCommand,
]);
export type AdminCommand = z.infer<typeof adminCommand>;

export async function runAdminCommand(db: Db, cmd: AdminCommand): Promise<unknown> {
  switch (cmd.command) {
    case 'grant':
      return grantBalance({ db, login: cmd.login, amount: cmd.amount, operator: cmd.operator });
    case 'make-admin':
      return makeAdmin({ db, login: cmd.login });
    case 'cases':
      return caseReport({ db });
    case 'promo-create':
      return createPromo(db, cmd);
  }
}
