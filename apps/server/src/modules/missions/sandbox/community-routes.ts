import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { timingSafeEqual } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { SOCIAL_MISSION_TYPES } from '@store/shared/account';
import { sandboxCommunityMembers } from '../schema.ts';

export interface SandboxCommunityOptions {
  /** The key and token the sandbox networks accept, like the real APIs' key and service token. */
  steamKey: () => string;
  vkToken: () => string;
  steamGroupId: string;
  vkGroupId: string;
}

const sameSecret = (given: string, expected: string) => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

const steamQuery = z.object({ key: z.string().max(200), steamid: z.string().regex(/^\d{1,20}$/) });
const vkQuery = z.object({ group_id: z.string().max(40), user_id: z.string().regex(/^\d{1,20}$/), access_token: z.string().max(400) });
const vkError = (code: number, msg: string) => ({ error: { error_code: code, error_msg: msg } });
// What Steam answers a wrong key with: a plain page, not JSON.
const STEAM_FORBIDDEN = '<html><head><title>Forbidden</title></head><body><h1>Forbidden</h1>Access is denied. Retrying will not help. Please verify your <pre>key=</pre> parameter.</body></html>';

const joinParams = z.object({ network: z.enum(SOCIAL_MISSION_TYPES as ['steam', 'vk']) });
const joinBody = z.object({ member_id: z.string().regex(/^\d{1,20}$/) }).strict();

/**
 * The sandbox networks' community APIs, served by the store itself so the real checker runs end
 * to end: Steam's GetUserGroupList and VK's groups.isMember with their keys, shapes and refusals,
 * answering from `sandbox_community_members`. The join call is the sandbox's own: its screens and
 * the tests use it to make an account a member of the store's group or community.
 */
export async function sandboxCommunityRoutes(app: FastifyInstance, opts: SandboxCommunityOptions) {
  const { db } = app.deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const isMember = async (network: string, memberId: string) =>
    (
      await db
        .select({ id: sandboxCommunityMembers.memberId })
        .from(sandboxCommunityMembers)
        .where(and(eq(sandboxCommunityMembers.network, network), eq(sandboxCommunityMembers.memberId, memberId)))
    ).length > 0;

  r.get('/sandbox/signin/steam/api/ISteamUser/GetUserGroupList/v1/', { schema: { hide: true } }, async (req, reply) => {
    const q = steamQuery.safeParse(req.query);
    if (!q.success) return reply.code(400).type('text/html').send('<html><body><h1>Bad Request</h1>Required parameter is missing</body></html>');
    if (!sameSecret(q.data.key, opts.steamKey())) return reply.code(403).type('text/html').send(STEAM_FORBIDDEN);
    // Every sandbox account is in some other group; the store's is listed only for its members.
    const groups = [{ gid: '103582791' }, ...((await isMember('steam', q.data.steamid)) ? [{ gid: opts.steamGroupId }] : [])];
    return { response: { success: true, groups } };
  });

  r.get('/sandbox/signin/vk/method/groups.isMember', { schema: { hide: true } }, async (req) => {
    const q = vkQuery.safeParse(req.query);
    // VK answers every failure with 200 and an error object.
    if (!q.success) return vkError(100, 'One of the parameters specified was missing or invalid');
    if (!sameSecret(q.data.access_token, opts.vkToken())) return vkError(5, 'User authorization failed: invalid access_token (4).');
    if (q.data.group_id !== opts.vkGroupId) return { response: 0 };
    return { response: (await isMember('vk', q.data.user_id)) ? 1 : 0 };
  });

  r.post('/sandbox/signin/community/:network/join', { schema: { hide: true, params: joinParams, body: joinBody } }, async (req) => {
    await db.insert(sandboxCommunityMembers).values({ network: req.params.network, memberId: req.body.member_id }).onConflictDoNothing();
    return { joined: true };
  });
}
