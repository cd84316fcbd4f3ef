import { z } from 'zod';
import type { SocialMissionType } from '@store/shared/account';

/** How the checker reaches the networks; the sandbox networks are reached in-process (composition/outside-services.ts). */
export type Fetch = (url: string, init?: RequestInit) => Promise<Response>;

/** The network did not give an answer to trust (down, refused our key, an unexpected reply). */
export class CommunityCheckFailed extends Error {}

/**
 * The port to the networks the social missions check: is this account (the network's own id of
 * the player) a member of the store's community there? Throws `CommunityCheckFailed` when the
 * network cannot say.
 */
export interface CommunityChecker {
  isMember(network: SocialMissionType, memberId: string): Promise<boolean>;
}

export interface NetworkCommunityCheckerOptions {
  fetch: Fetch;
  /** https://api.steampowered.com for the real Steam Web API; the key is its API key. */
  steam: { apiBase: () => string; key: () => string; groupId: string };
  /** https://api.vk.com for the real VK API; the token is the application's service token. */
  vk: { apiBase: () => string; token: () => string; groupId: string };
  timeoutMs?: number;
}

const steamGroupList = z.object({
  response: z.object({ success: z.boolean(), groups: z.array(z.object({ gid: z.string() })).optional() }),
});
const vkIsMember = z.union([
  z.object({ response: z.union([z.literal(0), z.literal(1)]) }),
  z.object({ error: z.object({ error_code: z.number(), error_msg: z.string().optional() }) }),
]);

/**
 * Asks the networks' real APIs: Steam's ISteamUser/GetUserGroupList (the groups of a SteamID64)
 * and VK's groups.isMember. The sandbox networks answer the same calls in the same shapes.
 */
export class NetworkCommunityChecker implements CommunityChecker {
  constructor(private readonly o: NetworkCommunityCheckerOptions) {}

  isMember(network: SocialMissionType, memberId: string): Promise<boolean> {
    return network === 'steam' ? this.steamMember(memberId) : this.vkMember(memberId);
  }

  private async getJson(network: string, url: URL): Promise<unknown> {
    let res: Response;
    try {
      res = await this.o.fetch(url.toString(), { signal: AbortSignal.timeout(this.o.timeoutMs ?? 5_000) });
    } catch (err) {
      throw new CommunityCheckFailed(`${network} did not answer: ${(err as Error).message}`);
    }
    if (!res.ok) throw new CommunityCheckFailed(`${network} answered ${res.status}`);
    try {
      return await res.json();
    } catch {
      throw new CommunityCheckFailed(`${network} answered something other than JSON`);
    }
  }

  private async steamMember(steamId: string): Promise<boolean> {
    const url = new URL(`${this.o.steam.apiBase()}/ISteamUser/GetUserGroupList/v1/`);
    url.searchParams.set('key', this.o.steam.key());
    url.searchParams.set('steamid', steamId);
    const body = steamGroupList.safeParse(await this.getJson('steam', url));
    // success false is Steam's answer for a private profile: it cannot say, so neither can we.
    if (!body.success || !body.data.response.success) throw new CommunityCheckFailed('steam could not list the groups');
    return (body.data.response.groups ?? []).some((g) => g.gid === this.o.steam.groupId);
  }

  private async vkMember(userId: string): Promise<boolean> {
    const url = new URL(`${this.o.vk.apiBase()}/method/groups.isMember`);
    url.searchParams.set('group_id', this.o.vk.groupId);
    url.searchParams.set('user_id', userId);
    url.searchParams.set('access_token', this.o.vk.token());
    url.searchParams.set('v', '5.199');
    const body = vkIsMember.safeParse(await this.getJson('vk', url));
    if (!body.success) throw new CommunityCheckFailed('vk answered an unknown shape');
    if ('error' in body.data) throw new CommunityCheckFailed(`vk refused: ${body.data.error.error_code} ${body.data.error.error_msg ?? ''}`);
    return body.data.response === 1;
  }
}
