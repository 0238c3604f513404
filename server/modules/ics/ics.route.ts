import type { AppDeps } from '../../context.ts';
import { databaseHealth } from '../../db/health.ts';
import { logger } from '../../logger.ts';
import { feedForToken } from './ics.service.ts';

/**
 * The public calendar feed, `GET /ics/<token>.ics`: no login, the token is the credential.
 * Unknown, paused and regenerated links answer 404 with no hint of which; the body is never
 * cached by shared caches (it is personal), and the link never appears in the server log.
 */
export function icsFeedHandler(deps: AppDeps) {
  return async (request: Request): Promise<Response> => {
    const name = new URL(request.url).pathname.split('/').pop() ?? '';
    const token = name.endsWith('.ics') ? name.slice(0, -4) : name;
    try {
      const text = await feedForToken(deps.db, token);
      if (text === null) return new Response('Not found', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' } });
      return new Response(request.method === 'HEAD' ? null : text, {
        status: 200,
        headers: {
          'content-type': 'text/calendar; charset=utf-8',
          'content-disposition': 'inline; filename="calendar.ics"',
          'cache-control': 'private, max-age=300',
          'x-content-type-options': 'nosniff',
        },
      });
    } catch (err) {
      // While the database is down the outage is logged once (db/health.ts), not per calendar poll.
      if (!databaseHealth.report(err)) logger.error('ics feed failed', { error: (err as Error)?.message });
      return new Response('Service unavailable', { status: 503, headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' } });
    }
  };
}
