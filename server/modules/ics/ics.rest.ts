import { atDoor } from '../../lib/validate.ts';
import { translate } from '../../i18n/catalogue.ts';
import { requireActor } from '../../policy.ts';
import type { RestRoute } from '../../rest/adapter.ts';
import { idList, pick, withCondition } from '../../rest/params.ts';
import { readPage } from '../../rest/envelope.ts';
import { formatDateTime, parseLegacyDateTime } from '../../lib/wall-time.ts';
import { importIcs } from './ics.import.ts';
import { batchChangeSubscriptions, effectiveAt, generateIcsFile, generateIcsInput, ICS_STATES, listSubscriptionsPage, batchSubscriptionsInput, subscriptionListInput } from './ics.service.ts';

const STATE_NAMES: Record<number, { zh: string; en: string }> = {
  [ICS_STATES.NOT_OPENED]: { zh: '未开启', en: 'Not opened' },
  [ICS_STATES.OPEN]: { zh: '已开启', en: 'Open' },
  [ICS_STATES.PAUSED]: { zh: '已暂停', en: 'Paused' },
};

export const icsRoutes: RestRoute[] = [
  {
    path: '/api/admin/work/daily/ics/uploadIcs',
    methods: ['POST'],
    handler: async (ctx, req) => {
      const upload = req.files.find((f) => f.field === 'file') ?? req.files[0];
      const r = await importIcs(ctx, upload?.file ?? null);
      return { message: translate(ctx.lang, 'ics.imported', { count: r.importedCount }), data: r };
    },
  },
  {
    path: '/api/admin/work/daily/generateIcs',
    methods: ['POST'],
    handler: async (ctx, req) => {
      const c = withCondition(req.params);
      const zone = requireActor(ctx).timeZone;
      const from = parseLegacyDateTime(c.beginTime ?? c.beginDate ?? c.workDate, 'beginTime', zone);
      const to = parseLegacyDateTime(c.endTime ?? c.endDate ?? c.workDate2, 'endTime', zone, true);
      const file = await generateIcsFile(ctx, atDoor(generateIcsInput, { from, to }));
      return new Response(file.text, {
        headers: {
          'content-type': 'text/calendar; charset=utf-8',
          'content-disposition': `attachment; filename="${file.fileName.replace(/[^A-Za-z0-9._-]/g, '_')}"`,
          'cache-control': 'no-store',
        },
      });
    },
  },
  {
    path: '/api/admin/user/listUserSubscribeByPage',
    methods: ['POST'],
    handler: async (ctx, req) => {
      const c = withCondition(req.params);
      const p = readPage(req.params);
      const zone = requireActor(ctx).timeZone;
      const blank = (v: unknown) => (v === '' || v === null ? undefined : v);
      const { rows, total } = await listSubscriptionsPage(
        ctx,
        atDoor(subscriptionListInput, { state: blank(c.state ?? c.subscribeState), search: blank(c.name ?? c.search ?? c.keyword), departmentId: blank(c.departId ?? c.departmentId) }),
        p,
      );
      return {
        data: {
          currentPage: p.currentPage,
          pageSize: p.pageSize,
          rows: total,
          resultList: rows.map((r) => {
            const state = r.subscription?.state ?? ICS_STATES.NOT_OPENED;
            return {
              userId: r.userId,
              id: r.userId,
              name: r.name,
              nameEn: r.nameEn,
              account: r.account,
              departId: r.departmentId,
              subscribeState: state,
              subscribeStateName: STATE_NAMES[state]?.[ctx.lang] ?? '',
              pushFrequency: r.subscription?.pushFrequencyHours ?? null,
              openTime: formatDateTime(r.subscription?.openedAt, zone),
              pauseTime: formatDateTime(r.subscription?.pausedAt, zone),
              effectiveTime: formatDateTime(r.subscription ? effectiveAt(r.subscription) : null, zone),
              lastFetchTime: formatDateTime(r.subscription?.lastFetchedAt, zone),
            };
          }),
        },
      };
    },
  },
  ...(['batchPause', 'batchRestore'] as const).map((name): RestRoute => ({
    path: `/api/admin/user/${name}`,
    methods: ['POST'],
    handler: async (ctx, req) => {
      requireActor(ctx);
      const c = withCondition(req.params);
      const ids = idList(pick(c, 'userIds', 'ids', 'userIdList'));
      // No ids is "userIds is required", answered by the service after its rights check (ics.manageAll).
      const r = await batchChangeSubscriptions(ctx, name === 'batchPause' ? 'pause' : 'open', atDoor(batchSubscriptionsInput, { userIds: Array.isArray(ids) && ids.length === 0 ? undefined : ids }));
      return {
        message: translate(ctx.lang, 'ics.batchDone', { count: r.changed }),
        data: { changed: r.changed, resultList: r.subscriptions.map((s) => ({ userId: s.userId, subscribeState: s.state, pushFrequency: s.pushFrequencyHours })) },
      };
    },
  })),
];
