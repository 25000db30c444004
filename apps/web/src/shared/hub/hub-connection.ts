import { HUB } from '@atrium/contracts';
import {
  HttpTransportType,
  type HubConnection,
  HubConnectionBuilder,
  type IHttpConnectionOptions,
  type ILogger,
  LogLevel,
} from '@microsoft/signalr';
import { getSession, refreshSession } from '@/shared/api/session';
import { catchUpAfterConnect, createHubHandlers, type HubHandlerDeps, registerHubHandlers } from './hub-handlers';
import { impersonationElsewhereNotice, showHubNotice } from './hub-notice';

/** A token this close to its expiry is renewed before it opens a connection. */
const TOKEN_SLACK_MS = 5000;

/** The in-memory session's current access token, renewed first when it is about to expire. */
export async function currentAccessToken(): Promise<string> {
  const session = getSession();
  if (session.status !== 'authenticated') throw new Error('hub: nobody is signed in');
  if (session.expiresAt - Date.now() > TOKEN_SLACK_MS) return session.token;
  const renewed = await refreshSession();
  if (!renewed) throw new Error('hub: the session is over');
  return renewed.token;
}

/** Connection problems are only logged (spec part 1 §8): warnings and errors go to the console. */
export const hubLogger: ILogger = {
  log(level, message) {
    if (level >= LogLevel.Error) console.error(`hub: ${message}`);
    else if (level === LogLevel.Warning) console.warn(`hub: ${message}`);
  },
};

/**
 * The client settings of spec part 1 §9. Not set here because the client has them as its own defaults or
 * does not expose them: the 100,000-byte message buffer and the 1 s acknowledgement delay (both only for
 * stateful reconnect, which the server does not offer) and the negotiate redirect limit of 100.
 */
export const HUB_CLIENT_SETTINGS = {
  url: HUB.path,
  /** WebSockets, then Server-Sent Events, then long polling: the order in which the server lists them. */
  transport: HttpTransportType.WebSockets | HttpTransportType.ServerSentEvents | HttpTransportType.LongPolling,
  httpTimeoutMs: HUB.httpTimeoutMs,
  serverTimeoutMs: HUB.serverTimeoutMs,
  keepAliveMs: HUB.keepAliveMs,
  reconnectDelaysMs: [...HUB.reconnectDelaysMs],
};

/** The tab's connection to /core/tenantHub, bearer-authenticated with whatever token the session holds now. */
export function buildHubConnection(): HubConnection {
  const options: IHttpConnectionOptions = {
    transport: HUB_CLIENT_SETTINGS.transport,
    accessTokenFactory: currentAccessToken,
    timeout: HUB_CLIENT_SETTINGS.httpTimeoutMs,
    logger: hubLogger,
  };
  return new HubConnectionBuilder()
    .withUrl(HUB_CLIENT_SETTINGS.url, options)
    .withAutomaticReconnect(HUB_CLIENT_SETTINGS.reconnectDelaysMs)
    .withServerTimeout(HUB_CLIENT_SETTINGS.serverTimeoutMs)
    .withKeepAliveInterval(HUB_CLIENT_SETTINGS.keepAliveMs)
    .configureLogging(hubLogger)
    .build();
}

/** What startHub needs of a connection (a HubConnection; tests pass a fake). */
export type HubLike = Pick<HubConnection, 'on' | 'onclose' | 'onreconnecting' | 'onreconnected' | 'start' | 'stop'>;

/** What the app passes: its router, query client and reload; the notices default to the app's own. */
export type AppHubDeps = Omit<HubHandlerDeps, 'notify' | 'impersonationElsewhere'> &
  Partial<Pick<HubHandlerDeps, 'notify' | 'impersonationElsewhere'>>;

let current: { stop: () => Promise<void> } | undefined;

/**
 * Starts the tab's one hub connection with the spec's event handlers and returns its stop function.
 * A first start that fails is retried after the reconnect delays (0, 2, 10, 30 s), then given up,
 * as the automatic reconnect does for a connection that drops later. Everything is only logged.
 */
export function startHub(deps: AppHubDeps, build: () => HubLike = buildHubConnection): () => Promise<void> {
  void current?.stop();
  const connection = build();
  registerHubHandlers(
    connection,
    createHubHandlers({ notify: showHubNotice, impersonationElsewhere: impersonationElsewhereNotice, ...deps }),
  );
  connection.onreconnecting((err) => console.warn('hub: connection lost, reconnecting', err));
  connection.onreconnected(() => {
    console.info('hub: reconnected');
    void catchUpAfterConnect(deps.queryClient, deps.live);
  });
  connection.onclose((err) => {
    if (err) console.warn('hub: connection closed', err);
  });

  let stopped = false;
  let retry: ReturnType<typeof setTimeout> | undefined;
  const attempt = async (failures: number) => {
    try {
      await connection.start();
    } catch (err) {
      if (stopped) return;
      const delay = HUB_CLIENT_SETTINGS.reconnectDelaysMs[failures];
      console.warn(
        delay === undefined ? 'hub: could not connect, giving up' : `hub: could not connect, retrying in ${delay} ms`,
        err,
      );
      if (delay !== undefined) retry = setTimeout(() => void attempt(failures + 1), delay);
      return;
    }
    // The page's data was read before the connection was up (it starts seconds after the page load):
    // what was sent meanwhile never reached this tab, as after a reconnect.
    if (!stopped) void catchUpAfterConnect(deps.queryClient, deps.live);
  };
  void attempt(0);

  const handle = {
    async stop() {
      stopped = true;
      clearTimeout(retry);
      if (current === handle) current = undefined;
      await connection.stop().catch((err: unknown) => console.warn('hub: could not stop cleanly', err));
    },
  };
  current = handle;
  return handle.stop;
}
