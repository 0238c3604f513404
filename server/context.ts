import type { Config } from './config.ts';
import type { Db } from './db/client.ts';
import { resolveLang, type Lang } from './i18n/catalogue.ts';
import type { Actor, AuthFailure } from './session/actor.ts';
import { authenticate } from './session/session.ts';
import { tokenFromHeaders } from './session/tokens.ts';
import { currentRequest } from './observe.ts';

export type Door = 'GRAPHQL' | 'REST';

export type { Actor, AuthFailure } from './session/actor.ts';

/** What every service function receives: the database, the caller and where the call came from. */
export type ServiceContext = {
  db: Db;
  config: Config;
  lang: Lang;
  actor: Actor | null;
  /** Why `actor` is null when a token was sent. */
  authFailure: AuthFailure;
  address: string;
  door: Door;
  origin: string | null;
  token: string | null;
};

export type AppDeps = { db: Db; config: Config };

export async function buildContext(deps: AppDeps, request: Request, door: Door, address: string): Promise<ServiceContext> {
  const token = tokenFromHeaders(request.headers);
  const auth = token ? await authenticate(deps.db, token, { sessionMaxAgeSeconds: deps.config.sessionMaxAgeSeconds, cacheSeconds: deps.config.sessionCacheSeconds }) : { actor: null, failure: 'NEED_LOGIN' as const };
  const record = currentRequest();
  if (record && auth.actor) record.userId = auth.actor.id;
  return {
    db: deps.db,
    config: deps.config,
    lang: resolveLang(auth.actor?.language, request.headers.get('cookie')),
    actor: auth.actor,
    authFailure: auth.failure ?? 'NEED_LOGIN',
    address,
    door,
    origin: request.headers.get('x-origin'),
    token,
  };
}
