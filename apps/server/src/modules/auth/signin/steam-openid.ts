import type { FlowSecrets, Fetch, ProviderProfile, SigninAdapter } from './port.ts';
import { SigninRefused } from './port.ts';

export const OPENID_NS = 'http://specs.openid.net/auth/2.0';
const IDENTIFIER_SELECT = 'http://specs.openid.net/auth/2.0/identifier_select';
/** Fields a Steam assertion must sign: anything unsigned could have been changed on the way. */
const MUST_SIGN = ['op_endpoint', 'claimed_id', 'identity', 'return_to', 'response_nonce', 'assoc_handle'];
/** An assertion older than this is refused even if the provider would still vouch for it. */
const NONCE_MAX_AGE_MS = 5 * 60_000;

export interface SteamOpenIdOptions {
  /** The OpenID endpoint: https://steamcommunity.com/openid/login for the real Steam. */
  opEndpoint: string;
  /** What every claimed id starts with: https://steamcommunity.com/openid/id/ for the real Steam. */
  claimedIdPrefix: string;
  /** The Steam Web API base (https://api.steampowered.com) and key, for the persona and avatar. */
  apiBase: string;
  apiKey: string;
  fetch: Fetch;
  now?: () => number;
}

/** `return_to` carries the flow's one-time state, so an assertion made for one flow cannot finish another. */
export const steamReturnTo = (flow: FlowSecrets): string => {
  const url = new URL(flow.callbackUrl);
  url.searchParams.set('state', flow.state);
  return url.toString();
};

/** Parses OpenID key-value form (`key:value` lines) of a check_authentication answer. */
export function parseKeyValue(body: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const line of body.split('\n')) {
    const at = line.indexOf(':');
    if (at > 0) out.set(line.slice(0, at), line.slice(at + 1).trim());
  }
  return out;
}

/**
 * Steam's OpenID 2.0 (decision 022). Steam has no OAuth: the browser brings back an assertion,
 * and only Steam can say whether it signed it (`check_authentication`). Before asking, every
 * field that names who and where is checked exactly, so an assertion from another provider, for
 * another id form, for another return address or without those fields signed is refused without
 * a round trip; the provider then refuses a nonce it already vouched for.
 */
export class SteamOpenId implements SigninAdapter {
  readonly provider = 'steam' as const;
  constructor(private readonly opts: SteamOpenIdOptions) {}

  async start(flow: FlowSecrets): Promise<URL> {
    const returnTo = steamReturnTo(flow);
    const url = new URL(this.opts.opEndpoint);
    url.search = new URLSearchParams({
      'openid.ns': OPENID_NS,
      'openid.mode': 'checkid_setup',
      'openid.return_to': returnTo,
      'openid.realm': new URL(returnTo).origin,
      'openid.identity': IDENTIFIER_SELECT,
      'openid.claimed_id': IDENTIFIER_SELECT,
    }).toString();
    return url;
  }

  async finish(callback: URL, flow: FlowSecrets): Promise<ProviderProfile> {
    const q = callback.searchParams;
    const field = (name: string) => q.get(`openid.${name}`);
    if (field('mode') === 'cancel') throw new SigninRefused('cancelled at the provider');
    if (field('mode') !== 'id_res') throw new SigninRefused('not a positive assertion');
    if (field('ns') !== OPENID_NS) throw new SigninRefused('wrong OpenID namespace');
    if (field('op_endpoint') !== this.opts.opEndpoint) throw new SigninRefused('assertion from another endpoint');
    const claimed = field('claimed_id') ?? '';
    const steamId = claimed.startsWith(this.opts.claimedIdPrefix) ? claimed.slice(this.opts.claimedIdPrefix.length) : '';
    if (!/^7656119\d{10}$/.test(steamId)) throw new SigninRefused('claimed id is not a Steam id of this provider');
    if (field('identity') !== claimed) throw new SigninRefused('identity differs from claimed id');
    if (field('return_to') !== steamReturnTo(flow)) throw new SigninRefused('assertion for another return address');
    const signed = new Set((field('signed') ?? '').split(','));
    if (!MUST_SIGN.every((f) => signed.has(f))) throw new SigninRefused('assertion leaves fields unsigned');
    const issued = Date.parse((field('response_nonce') ?? '').slice(0, 20));
    const now = this.opts.now?.() ?? Date.now();
    if (!Number.isFinite(issued) || Math.abs(now - issued) > NONCE_MAX_AGE_MS) throw new SigninRefused('stale or malformed nonce');

    // Only Steam can tell whether the signature is its own: send the assertion back as it came.
    const check = new URLSearchParams();
    for (const [k, v] of q) if (k.startsWith('openid.')) check.set(k, v);
    check.set('openid.mode', 'check_authentication');
    const res = await this.opts
      .fetch(this.opts.opEndpoint, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: check.toString() })
      .catch(() => null);
    if (!res?.ok) throw new SigninRefused('provider did not answer the check');
    const answer = parseKeyValue(await res.text());
    if (answer.get('ns') !== OPENID_NS || answer.get('is_valid') !== 'true') throw new SigninRefused('provider did not vouch for the assertion');
    return { subject: steamId, ...(await this.persona(steamId)) };
  }

  /** The persona name and avatar from the Steam Web API; a failure there does not stop the sign-in. */
  private async persona(steamId: string): Promise<{ name: string; avatar: string | null }> {
    const fallback = { name: `Steam ${steamId.slice(-4)}`, avatar: null };
    const url = new URL(`${this.opts.apiBase}/ISteamUser/GetPlayerSummaries/v2/`);
    url.search = new URLSearchParams({ key: this.opts.apiKey, steamids: steamId }).toString();
    try {
      const res = await this.opts.fetch(url.toString());
      if (!res.ok) return fallback;
      const body = (await res.json()) as { response?: { players?: { steamid?: string; personaname?: string; avatarfull?: string }[] } };
      const player = body.response?.players?.find((p) => p.steamid === steamId);
      return player?.personaname ? { name: player.personaname, avatar: player.avatarfull ?? null } : fallback;
    } catch {
      return fallback;
    }
  }
}
