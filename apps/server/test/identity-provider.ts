import { createServer } from 'node:http';
import Provider from 'oidc-provider';
import { freePort } from './free-port.js';

const DEFAULT_TENANT_ID = 'atrium-test-tenant';

/** tid defaults to the provider's tenantId. */
export type TestAccount = { email: string; tid?: string };

/**
 * A real OpenID Connect provider (oidc-provider) on loopback, standing in for Microsoft Entra ID.
 * Its development login form accepts any password for the accounts given (keyed by login name).
 * Its tokens carry `tid` = tenantId: give the server OFFICE365_TENANT_ID = the returned tenantId.
 */
export async function startIdentityProvider(opts: {
  redirectUri: string;
  accounts: Record<string, TestAccount>;
  /** The Entra tenant id (tid) the provider stamps on its tokens. */
  tenantId?: string;
}) {
  const port = await freePort();
  const issuer = `http://127.0.0.1:${port}`;
  const client = { clientId: 'atrium-test-client', clientSecret: 'atrium-test-secret-0123456789' };
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: client.clientId,
        client_secret: client.clientSecret,
        redirect_uris: [opts.redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    pkce: { required: () => true },
    claims: { openid: ['sub', 'tid'], email: ['email'], profile: ['name'] },
    cookies: { keys: ['identity-provider-test-key'] },
    features: { devInteractions: { enabled: true } },
    async findAccount(_ctx, id) {
      const account = opts.accounts[id];
      if (!account) return undefined;
      return {
        accountId: id,
        claims: async () => ({
          sub: id,
          tid: account.tid ?? opts.tenantId ?? DEFAULT_TENANT_ID,
          email: account.email,
          name: id,
        }),
      };
    },
  });
  const server = createServer(provider.callback());
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    issuer,
    tenantId: opts.tenantId ?? DEFAULT_TENANT_ID,
    ...client,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * Walks the provider's login (and consent) pages the way a browser would, and returns the URL it
 * finally redirects to (the app's callback with code and state, or with an error).
 */
export async function walkSignIn(authorizationUrl: string, login: string, opts: { consent: boolean }): Promise<URL> {
  const jar = new Map<string, string>();
  const cookieHeader = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  const remember = (res: Response) => {
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const [name, ...value] = pair!.split('=');
      jar.set(name!.trim(), value.join('='));
    }
  };
  let url = new URL(authorizationUrl);
  let form: URLSearchParams | null = null;
  for (let hop = 0; hop < 20; hop++) {
    const res = await fetch(url, {
      method: form ? 'POST' : 'GET',
      headers: { cookie: cookieHeader(), ...(form && { 'content-type': 'application/x-www-form-urlencoded' }) },
      body: form,
      redirect: 'manual',
    });
    remember(res);
    form = null;
    const location = res.headers.get('location');
    if (location) {
      const next = new URL(location, url);
      if (!next.href.startsWith(new URL(authorizationUrl).origin)) return next;
      url = next;
      continue;
    }
    const html = await res.text();
    if (html.includes('name="prompt" value="login"')) {
      form = new URLSearchParams({ prompt: 'login', login, password: 'any' });
    } else if (html.includes('name="prompt" value="consent"')) {
      if (!opts.consent) {
        const abort = /href="([^"]*\/abort)"/.exec(html)![1]!;
        url = new URL(abort.replaceAll('&amp;', '&'), url);
        continue;
      }
      form = new URLSearchParams({ prompt: 'consent' });
    } else {
      throw new Error(`unexpected page from the identity provider: ${res.status} ${html.slice(0, 200)}`);
    }
    const action = /action="([^"]+)"/.exec(html)![1]!;
    url = new URL(action.replaceAll('&amp;', '&'), url);
  }
  throw new Error('too many hops');
}
