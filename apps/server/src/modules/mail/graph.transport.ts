import type { MailMessage, MailTransport } from './mail.port.js';

export type GraphMailSettings = {
  msGraphTenantId: string;
  msGraphClientId: string;
  msGraphClientSecret: string;
  /** The mailbox (user id or principal name) that sends; null: the from address's. */
  msGraphSenderId: string | null;
  msGraphFromMail: string;
};

export type GraphEndpoints = {
  /** Where client-credential tokens are issued; Microsoft's login host in production. */
  authorityBaseUrl: string;
  /** The Graph API root; Microsoft's Graph host in production. */
  graphBaseUrl: string;
};

/** The scope of a client-credentials token for Graph, whichever host serves Graph. */
export const GRAPH_SCOPE = 'https://graph.microsoft.com/.default';

/** A refusal of the token endpoint or of Graph, with the provider's reason. */
export class GraphMailError extends Error {
  constructor(
    readonly status: number,
    readonly reason: string,
    step: 'token' | 'sendMail',
  ) {
    super(`Graph ${step === 'token' ? 'token request' : 'sendMail'} failed with ${status}: ${reason}`);
  }
}

/** Microsoft was not reached at all (no name, no route, refused, timed out): no answer to show. */
export class GraphUnreachableError extends Error {
  /** The system's word for it (ENOTFOUND, ECONNREFUSED, TimeoutError, ...), for the log and the curious. */
  readonly code: string;
  constructor(cause: unknown) {
    const err = cause as { name?: string; cause?: { code?: string } } | undefined;
    const code = err?.cause?.code ?? (err?.name === 'TimeoutError' ? 'TimeoutError' : 'network');
    super(`Microsoft could not be reached: ${code}`, { cause });
    this.code = code;
  }
}

/** fetch, with a failure to get any answer told apart from an answer that refuses. */
const reach = (url: string, init: RequestInit) =>
  fetch(url, init).catch((err: unknown) => {
    throw new GraphUnreachableError(err);
  });

/**
 * The provider's reason from an error answer: Entra's `error_description` (its first line; the rest is
 * trace and correlation ids) or Graph's `error.code: error.message`; else the HTTP status.
 */
async function reasonOf(res: Response): Promise<string> {
  const text = await res.text().catch(() => '');
  try {
    const body = JSON.parse(text) as { error?: unknown; error_description?: unknown };
    if (typeof body.error_description === 'string') return body.error_description.split(/\r?\n/)[0]!.slice(0, 500);
    const e = body.error as { code?: unknown; message?: unknown } | string | undefined;
    if (e && typeof e === 'object' && typeof e.message === 'string') {
      return (typeof e.code === 'string' ? `${e.code}: ${e.message}` : e.message).slice(0, 500);
    }
    if (typeof e === 'string') return e.slice(0, 500);
  } catch {
    // Not JSON: the status says it.
  }
  return `HTTP ${res.status}${res.statusText ? ` ${res.statusText}` : ''}`;
}

export const MICROSOFT_ENDPOINTS: GraphEndpoints = {
  authorityBaseUrl: 'https://login.microsoftonline.com',
  graphBaseUrl: 'https://graph.microsoft.com',
};

/** Sends with Microsoft Graph sendMail, authenticating with the client-credentials grant. */
export function createGraphTransport(
  settings: GraphMailSettings,
  endpoints: GraphEndpoints = MICROSOFT_ENDPOINTS,
): MailTransport {
  let cached: { token: string; until: number } | undefined;

  async function accessToken(): Promise<string> {
    if (cached && cached.until > Date.now()) return cached.token;
    const url = `${endpoints.authorityBaseUrl}/${encodeURIComponent(settings.msGraphTenantId)}/oauth2/v2.0/token`;
    const res = await reach(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: settings.msGraphClientId,
        client_secret: settings.msGraphClientSecret,
        scope: GRAPH_SCOPE,
      }),
      signal: AbortSignal.timeout(15_000),
    });
    if (!res.ok) throw new GraphMailError(res.status, await reasonOf(res), 'token');
    const body = (await res.json()) as { access_token?: string; expires_in?: number };
    if (!body.access_token) throw new Error('Graph token answer carried no access_token');
    // Renew a minute early.
    cached = { token: body.access_token, until: Date.now() + ((body.expires_in ?? 3600) - 60) * 1000 };
    return cached.token;
  }

  return {
    name: 'graph',
    async send(message: MailMessage) {
      const url = `${endpoints.graphBaseUrl}/v1.0/users/${encodeURIComponent(settings.msGraphSenderId || settings.msGraphFromMail)}/sendMail`;
      const res = await reach(url, {
        method: 'POST',
        headers: { authorization: `Bearer ${await accessToken()}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          message: {
            subject: message.subject,
            body: { contentType: 'HTML', content: message.html },
            from: { emailAddress: { address: settings.msGraphFromMail } },
            toRecipients: [{ emailAddress: { address: message.to } }],
          },
          saveToSentItems: false,
        }),
        signal: AbortSignal.timeout(30_000),
      });
      if (res.status === 401) cached = undefined;
      if (res.status !== 202 && !res.ok) throw new GraphMailError(res.status, await reasonOf(res), 'sendMail');
    },
  };
}
