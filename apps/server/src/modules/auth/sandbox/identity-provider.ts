import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { exportJWK, generateKeyPair, importJWK, SignJWT, type JWK } from 'jose';
import { generatedAvatarColor, LOCALE_COOKIE, type SigninProvider } from '@store/shared/account';
import { pickLang, type Lang } from '@store/shared/errors';
import { langOfPath } from '@store/shared/locale-path';
import type { Executor } from '../../../db/client.ts';
import { keepFirstMeta } from '../../platform/meta.ts';
import { OPENID_NS } from '../signin/steam-openid.ts';
import { pendingReturnPath } from '../signin/flows.ts';
import { avatarSvg, invalidRequestScreen, signinScreen } from './screen.ts';
import { keepGrant, readGrant, takeGrant } from './grants.ts';

/**
 * The sandbox identity provider (decision 022), served by the store under /sandbox/signin. It
 * speaks each provider's protocol so the real client code runs end to end:
 * - Steam: an OpenID 2.0 endpoint (checkid_setup, positive assertions signed with HMAC-SHA256,
 *   check_authentication that vouches for each nonce once) and GetPlayerSummaries;
 * - Google: an OpenID Connect issuer (discovery, authorize, token with PKCE and client secret,
 *   RS256 ID tokens with the nonce, JWKS);
 * - VK ID: authorize, the code exchange with PKCE and device_id, user_info.
 * Codes live for a minute and are honoured once; a second exchange is `invalid_grant`.
 */
export const SANDBOX_CLIENT_IDS = { google: 'sandbox-google-client', vk: '51800000' } as const;
export const SANDBOX_BASE = '/sandbox/signin';
export const sandboxPaths = {
  steamOpenId: `${SANDBOX_BASE}/steam/openid/login`,
  steamClaimedId: `${SANDBOX_BASE}/steam/openid/id/`,
  steamApi: `${SANDBOX_BASE}/steam/api`,
  googleIssuer: `${SANDBOX_BASE}/google`,
  vkBase: `${SANDBOX_BASE}/vk`,
};
const CODE_TTL_MS = 60_000;
/** Our callback per provider: the only redirect address the sandbox accepts (a registered one). */
const callbackPath = (p: SigninProvider) => `/api/v1/auth/${p}/callback`;

export interface SandboxIdpSecrets {
  openidKey: string;
  steamApiKey: string;
  googleSecret: string;
}

interface SigningKey {
  kid: string;
  privateJwk: JWK;
  publicJwk: JWK;
}

/** The ID-token key, made once and kept in the database so every process signs with the same one. */
async function signingKey(db: Executor): Promise<SigningKey> {
  const made = await generateKeyPair('RS256', { extractable: true });
  const publicJwk = await exportJWK(made.publicKey);
  const kid = createHash('sha256').update(JSON.stringify(publicJwk)).digest('base64url').slice(0, 16);
  return keepFirstMeta<SigningKey>(db, 'signin_sandbox_signing_key', { kid, privateJwk: await exportJWK(made.privateKey), publicJwk: { ...publicJwk, kid, alg: 'RS256', use: 'sig' } });
}

/** The origin the sandbox lives at: PUBLIC_URL's when set (behind a proxy), else the request's. */
const originOf = (req: FastifyRequest) => {
  const configured = req.server.deps.env.PUBLIC_URL;
  // Normalised (no default port), so the issuer it names is the one a client's URL parser sees.
  return new URL(configured ?? `${req.protocol}://${req.host}`).origin;
};
const langOfReq = (req: FastifyRequest): Lang => {
  const chosen = new RegExp(`(?:^|;\\s*)${LOCALE_COOKIE}=(ru|en)(?:;|$)`).exec(req.headers.cookie ?? '')?.[1];
  return chosen === 'ru' || chosen === 'en' ? chosen : pickLang((req.headers['accept-language'] as string | undefined) ?? undefined);
};
const digits = (n: number) => Array.from({ length: n }, () => randomInt(10)).join('');
const freshSubject = (p: SigninProvider) => (p === 'steam' ? `7656119${digits(10)}` : p === 'google' ? `1${digits(20)}` : String(randomInt(100_000_000, 999_999_999)));
const freshName = (p: SigninProvider) => `${p === 'steam' ? 'Gabe' : p === 'google' ? 'Alex' : 'Sasha'} ${randomInt(100, 999)}`;
const avatarUrl = (origin: string, p: SigninProvider, name: string) => `${origin}${SANDBOX_BASE}/avatar.svg?${new URLSearchParams({ p, name }).toString()}`;
const s256 = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');

function html(reply: FastifyReply, status: number, body: string) {
  return reply.code(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').header('x-robots-tag', 'noindex').send(body);
}

const textFields = (v: unknown): Record<string, string> =>
  Object.fromEntries(Object.entries((v ?? {}) as Record<string, unknown>).filter((e): e is [string, string] => typeof e[1] === 'string'));

/** A redirect address the sandbox has "registered": our own callback for that provider, on the caller's origin. */
function registeredRedirect(req: FastifyRequest, provider: SigninProvider, uri: string | undefined): boolean {
  if (!uri) return false;
  try {
    const u = new URL(uri);
    return u.origin === originOf(req) && u.pathname === callbackPath(provider) && u.search === '';
  } catch {
    return false;
  }
}

/**
 * A Steam return address the sandbox signs for: our own Steam callback on the caller's origin (it
 * carries the flow's state in its query). The parsed address, or null for anything else,
 * malformed included, so a stranger cannot have the sandbox sign an assertion for their site.
 */
function ownSteamReturn(req: FastifyRequest, returnTo: string | undefined): URL | null {
  if (!returnTo) return null;
  try {
    const u = new URL(returnTo);
    return u.origin === originOf(req) && u.pathname === callbackPath('steam') && u.hash === '' ? u : null;
  } catch {
    return null;
  }
}

/** Signs the listed assertion fields in OpenID key-value form. */
function openIdSignature(key: string, fields: Record<string, string>, signed: string[]): string {
  const kv = signed.map((f) => `${f}:${fields[`openid.${f}`] ?? ''}\n`).join('');
  return createHmac('sha256', key).update(kv).digest('base64');
}

export async function sandboxIdentityRoutes(app: FastifyInstance, secrets: SandboxIdpSecrets) {
  const { db } = app.deps;
  /**
   * The screen speaks the language of the store page the sign-in started on (its flow's return
   * path, found by the state the request carries), else the store's language cookie, else the
   * browser's: an English player is not shown a Russian screen.
   */
  const screenLang = async (req: FastifyRequest, state: string | undefined | null): Promise<Lang> => {
    const path = state ? await pendingReturnPath(db, state, app.deps.clock.now()) : null;
    return path !== null ? langOfPath(path) : langOfReq(req);
  };
  const stateOfReturn = (returnTo: string | undefined) => {
    try {
      return returnTo ? new URL(returnTo).searchParams.get('state') : null;
    } catch {
      return null;
    }
  };
  const key = await signingKey(db);
  const privateKey = await importJWK(key.privateJwk, 'RS256');
  // The screens' plain forms and the providers' back channels post application/x-www-form-urlencoded.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  app.get(`${SANDBOX_BASE}/avatar.svg`, { schema: { hide: true } }, async (req, reply) => {
    const q = textFields(req.query);
    const seed = [...(q.name ?? '')].reduce((s, c) => s + c.codePointAt(0)!, 0);
    return reply.type('image/svg+xml').header('cache-control', 'public, max-age=86400').send(avatarSvg((q.name ?? '?').slice(0, 64), generatedAvatarColor(seed)));
  });

  // ---- Steam: OpenID 2.0 ----
  const steamEndpoint = (req: FastifyRequest) => `${originOf(req)}${sandboxPaths.steamOpenId}`;

  app.get(sandboxPaths.steamOpenId, { schema: { hide: true } }, async (req, reply) => {
    const q = textFields(req.query);
    const returnTo = q['openid.return_to'];
    const lang = await screenLang(req, stateOfReturn(returnTo));
    if (q['openid.ns'] !== OPENID_NS || q['openid.mode'] !== 'checkid_setup' || !returnTo || !q['openid.realm'] || !returnTo.startsWith(q['openid.realm'])) {
      return html(reply, 400, invalidRequestScreen(lang, 'steam', 'checkid_setup with ns, return_to and a realm that contains it'));
    }
    if (!ownSteamReturn(req, returnTo)) return html(reply, 400, invalidRequestScreen(lang, 'steam', 'return_to is not this store’s Steam callback'));
    return html(reply, 200, signinScreen({ lang, provider: 'steam', action: sandboxPaths.steamOpenId, carry: { 'openid.return_to': returnTo }, subject: freshSubject('steam'), name: freshName('steam') }));
  });

  app.post(sandboxPaths.steamOpenId, { schema: { hide: true } }, async (req, reply) => {
    const body = textFields(req.body);
    if (body['openid.mode'] === 'check_authentication') {
      // Vouches for an assertion once: the signature must be ours and its nonce not yet checked.
      const signed = (body['openid.signed'] ?? '').split(',').filter(Boolean);
      const expected = Buffer.from(openIdSignature(secrets.openidKey, body, signed));
      const given = Buffer.from(body['openid.sig'] ?? '');
      const sigOk = signed.includes('response_nonce') && expected.length === given.length && timingSafeEqual(expected, given);
      const fresh = sigOk && (await takeGrant(db, `steam-nonce:${body['openid.response_nonce']}`, 'steam', 5 * 60_000)) !== null;
      return reply.type('text/plain; charset=utf-8').send(`ns:${OPENID_NS}\nis_valid:${fresh ? 'true' : 'false'}\n`);
    }
    const returnTo = body['openid.return_to'];
    // The screen's form is posted back by the browser: checked again, as anyone can post it.
    const back = ownSteamReturn(req, returnTo);
    if (!returnTo || !back) return html(reply, 400, invalidRequestScreen(langOfReq(req), 'steam', 'return_to is not this store’s Steam callback'));
    if (body.sandbox_decision !== 'allow') {
      back.searchParams.set('openid.ns', OPENID_NS);
      back.searchParams.set('openid.mode', 'cancel');
      return reply.redirect(back.toString(), 302);
    }
    const steamId = /^7656119\d{10}$/.test(body.sandbox_subject ?? '') ? body.sandbox_subject! : freshSubject('steam');
    const name = (body.sandbox_name ?? '').trim().slice(0, 64) || freshName('steam');
    const claimed = `${originOf(req)}${sandboxPaths.steamClaimedId}${steamId}`;
    const nonce = `${new Date().toISOString().slice(0, 19)}Z${randomBytes(6).toString('hex')}`;
    const fields: Record<string, string> = {
      'openid.ns': OPENID_NS,
      'openid.mode': 'id_res',
      'openid.op_endpoint': steamEndpoint(req),
      'openid.claimed_id': claimed,
      'openid.identity': claimed,
      'openid.return_to': returnTo,
      'openid.response_nonce': nonce,
      'openid.assoc_handle': '1234567890',
    };
    const signed = ['signed', 'op_endpoint', 'claimed_id', 'identity', 'return_to', 'response_nonce', 'assoc_handle'];
    fields['openid.signed'] = signed.join(',');
    fields['openid.sig'] = openIdSignature(secrets.openidKey, fields, signed);
    await keepGrant(db, `steam-nonce:${nonce}`, 'steam', { steamId });
    await keepGrant(db, `steam-profile:${steamId}`, 'steam-profile', { name, avatar: avatarUrl(originOf(req), 'steam', name) });
    for (const [k, v] of Object.entries(fields)) back.searchParams.set(k, v);
    return reply.redirect(back.toString(), 302);
  });

  app.get(`${sandboxPaths.steamApi}/ISteamUser/GetPlayerSummaries/v2/`, { schema: { hide: true } }, async (req, reply) => {
    const q = textFields(req.query);
    if (q.key !== secrets.steamApiKey) return reply.code(403).type('text/html').send('<html><body><h1>Forbidden</h1>Access is denied. Retrying will not help. Please verify your <pre>key=</pre> parameter.</body></html>');
    const ids = (q.steamids ?? '').split(',').filter((id) => /^7656119\d{10}$/.test(id)).slice(0, 100);
    const players = [];
    for (const id of ids) {
      const p = await readGrant<{ name: string; avatar: string }>(db, `steam-profile:${id}`, 'steam-profile');
      if (p) players.push({ steamid: id, personaname: p.name, avatarfull: p.avatar, profileurl: `https://steamcommunity.com/profiles/${id}/` });
    }
    return { response: { players } };
  });

  // ---- Google: OpenID Connect ----
  const issuerOf = (req: FastifyRequest) => `${originOf(req)}${sandboxPaths.googleIssuer}`;

  app.get(`${sandboxPaths.googleIssuer}/.well-known/openid-configuration`, { schema: { hide: true } }, async (req) => {
    const iss = issuerOf(req);
    return {
      issuer: iss,
      authorization_endpoint: `${iss}/authorize`,
      token_endpoint: `${iss}/token`,
      jwks_uri: `${iss}/jwks`,
      response_types_supported: ['code'],
      subject_types_supported: ['public'],
      id_token_signing_alg_values_supported: ['RS256'],
      scopes_supported: ['openid', 'email', 'profile'],
      token_endpoint_auth_methods_supported: ['client_secret_post', 'client_secret_basic'],
      code_challenge_methods_supported: ['S256'],
      claims_supported: ['aud', 'email', 'exp', 'iat', 'iss', 'name', 'nonce', 'picture', 'sub'],
    };
  });
  app.get(`${sandboxPaths.googleIssuer}/jwks`, { schema: { hide: true } }, async () => ({ keys: [key.publicJwk] }));

  /** Checks an authorization request (Google's and VK's share the PKCE code flow); the problem, or null. */
  const authorizeProblem = (req: FastifyRequest, provider: 'google' | 'vk', q: Record<string, string>): string | null => {
    if (q.client_id !== SANDBOX_CLIENT_IDS[provider]) return 'unknown client_id';
    if (!registeredRedirect(req, provider, q.redirect_uri)) return 'redirect_uri is not registered for this client';
    if (q.response_type !== 'code') return 'response_type must be code';
    if (!q.code_challenge || q.code_challenge_method !== 'S256') return 'PKCE with S256 is required';
    if (!q.state) return 'state is required';
    if (provider === 'google' && !(q.scope ?? '').split(' ').includes('openid')) return 'scope must include openid';
    return null;
  };
  const AUTHORIZE_CARRY = ['client_id', 'redirect_uri', 'response_type', 'scope', 'state', 'nonce', 'code_challenge', 'code_challenge_method'];
  const pick = (q: Record<string, string>) => Object.fromEntries(AUTHORIZE_CARRY.filter((k) => q[k] !== undefined).map((k) => [k, q[k]!]));

  for (const provider of ['google', 'vk'] as const) {
    const path = provider === 'google' ? `${sandboxPaths.googleIssuer}/authorize` : `${sandboxPaths.vkBase}/authorize`;
    app.get(path, { schema: { hide: true } }, async (req, reply) => {
      const q = textFields(req.query);
      const problem = authorizeProblem(req, provider, q);
      const lang = await screenLang(req, q.state);
      if (problem) return html(reply, 400, invalidRequestScreen(lang, provider, problem));
      return html(reply, 200, signinScreen({ lang, provider, action: path, carry: pick(q), subject: freshSubject(provider), name: freshName(provider) }));
    });
    app.post(path, { schema: { hide: true } }, async (req, reply) => {
      const q = textFields(req.body);
      const problem = authorizeProblem(req, provider, q);
      if (problem) return html(reply, 400, invalidRequestScreen(langOfReq(req), provider, problem));
      const back = new URL(q.redirect_uri!);
      back.searchParams.set('state', q.state!);
      if (q.sandbox_decision !== 'allow') {
        back.searchParams.set('error', 'access_denied');
        return reply.redirect(back.toString(), 302);
      }
      const name = (q.sandbox_name ?? '').trim().slice(0, 64) || freshName(provider);
      const subject = (q.sandbox_subject ?? '').trim().replace(/[^\w-]/g, '').slice(0, 40) || freshSubject(provider);
      const code = randomBytes(24).toString('base64url');
      const deviceId = randomBytes(16).toString('hex');
      await keepGrant(db, `${provider}-code:${code}`, provider, {
        clientId: q.client_id,
        redirectUri: q.redirect_uri,
        challenge: q.code_challenge,
        nonce: q.nonce ?? null,
        deviceId,
        subject,
        name,
        avatar: avatarUrl(originOf(req), provider, name),
      });
      back.searchParams.set('code', code);
      if (provider === 'vk') {
        back.searchParams.set('device_id', deviceId);
        back.searchParams.set('type', 'code_v2');
        back.searchParams.set('expires_in', '600');
      }
      return reply.redirect(back.toString(), 302);
    });
  }

  interface CodeGrant {
    clientId: string;
    redirectUri: string;
    challenge: string;
    nonce: string | null;
    deviceId: string;
    subject: string;
    name: string;
    avatar: string;
  }
  const tokenError = (reply: FastifyReply, status: number, error: string, description: string) =>
    reply.code(status).header('cache-control', 'no-store').send({ error, error_description: description });

  /** Client authentication of the Google token endpoint: client_secret_basic or client_secret_post. */
  function googleClient(req: FastifyRequest, body: Record<string, string>): string | null {
    const basic = /^Basic\s+(.+)$/i.exec(req.headers.authorization ?? '');
    if (basic) {
      const [id, secret] = Buffer.from(basic[1]!, 'base64').toString('utf8').split(':').map((s) => decodeURIComponent(s));
      return secret === secrets.googleSecret ? (id ?? null) : null;
    }
    return body.client_secret === secrets.googleSecret ? (body.client_id ?? null) : null;
  }

  app.post(`${sandboxPaths.googleIssuer}/token`, { schema: { hide: true } }, async (req, reply) => {
    const body = textFields(req.body);
    const clientId = googleClient(req, body);
    if (clientId !== SANDBOX_CLIENT_IDS.google) return tokenError(reply, 401, 'invalid_client', 'client authentication failed');
    if (body.grant_type !== 'authorization_code') return tokenError(reply, 400, 'unsupported_grant_type', 'authorization_code only');
    const grant = await takeGrant<CodeGrant>(db, `google-code:${body.code ?? ''}`, 'google', CODE_TTL_MS);
    if (!grant || grant.clientId !== clientId) return tokenError(reply, 400, 'invalid_grant', 'code unknown, expired or already used');
    if (grant.redirectUri !== body.redirect_uri) return tokenError(reply, 400, 'invalid_grant', 'redirect_uri differs from the authorization request');
    if (!body.code_verifier || s256(body.code_verifier) !== grant.challenge) return tokenError(reply, 400, 'invalid_grant', 'code_verifier does not match the challenge');
    const idToken = await new SignJWT({ name: grant.name, picture: grant.avatar, email: `${grant.subject}@sandbox.example`, email_verified: true, ...(grant.nonce ? { nonce: grant.nonce } : {}) })
      .setProtectedHeader({ alg: 'RS256', kid: key.kid, typ: 'JWT' })
      .setIssuer(issuerOf(req))
      .setAudience(clientId)
      .setSubject(grant.subject)
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(privateKey);
    return reply.header('cache-control', 'no-store').send({ access_token: randomBytes(24).toString('base64url'), token_type: 'Bearer', expires_in: 3599, scope: 'openid email profile', id_token: idToken });
  });

  // ---- VK ID ----
  app.post(`${sandboxPaths.vkBase}/oauth2/auth`, { schema: { hide: true } }, async (req, reply) => {
    const body = textFields(req.body);
    if (body.grant_type !== 'authorization_code') return tokenError(reply, 400, 'unsupported_grant_type', 'authorization_code only');
    if (body.client_id !== SANDBOX_CLIENT_IDS.vk) return tokenError(reply, 401, 'invalid_client', 'unknown client_id');
    const grant = await takeGrant<CodeGrant>(db, `vk-code:${body.code ?? ''}`, 'vk', CODE_TTL_MS);
    if (!grant || grant.clientId !== body.client_id) return tokenError(reply, 400, 'invalid_grant', 'code unknown, expired or already used');
    if (grant.redirectUri !== body.redirect_uri) return tokenError(reply, 400, 'invalid_grant', 'redirect_uri differs');
    if (grant.deviceId !== body.device_id) return tokenError(reply, 400, 'invalid_grant', 'device_id differs');
    if (!body.code_verifier || s256(body.code_verifier) !== grant.challenge) return tokenError(reply, 400, 'invalid_grant', 'code_verifier does not match');
    const accessToken = `vk2.a.${randomBytes(24).toString('base64url')}`;
    const [first, ...rest] = grant.name.split(' ');
    await keepGrant(db, `vk-token:${accessToken}`, 'vk-token', { user_id: grant.subject, first_name: first ?? '', last_name: rest.join(' '), avatar: grant.avatar });
    return reply.header('cache-control', 'no-store').send({
      access_token: accessToken,
      refresh_token: `vk2.r.${randomBytes(24).toString('base64url')}`,
      token_type: 'Bearer',
      expires_in: 3600,
      user_id: Number(grant.subject) || grant.subject,
      state: body.state ?? '',
      scope: 'vkid.personal_info',
    });
  });

  app.post(`${sandboxPaths.vkBase}/oauth2/user_info`, { schema: { hide: true } }, async (req, reply) => {
    const body = textFields(req.body);
    const user = body.client_id === SANDBOX_CLIENT_IDS.vk ? await readGrant<Record<string, string>>(db, `vk-token:${body.access_token ?? ''}`, 'vk-token') : null;
    if (!user) return reply.code(401).send({ error: 'invalid_token', error_description: 'access token is invalid' });
    return { user };
  });
}
