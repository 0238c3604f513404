import type { RestRoute } from '../../rest/adapter.ts';
import { BOTH } from '../../rest/adapter.ts';
import { readPage } from '../../rest/envelope.ts';
import { formatDateTime, parseLegacyDateTime } from '../../lib/wall-time.ts';
import { requireActor } from '../../policy.ts';
import { utcOffset } from '../../lib/zones.ts';
import { atDoor } from '../../lib/validate.ts';
import { listOperationLogsPage, listTimeZones, operationLogFilter, sendTestEmail, sendTestEmailInput } from './system.service.ts';
import { translate } from '../../i18n/catalogue.ts';
import { pick, withCondition } from '../../rest/params.ts';

export const systemRoutes: RestRoute[] = [
  {
    path: '/api/admin/sys/time/zone/listSysTimeZone',
    methods: BOTH,
    handler: async (ctx) => {
      const zones = await listTimeZones(ctx);
      return {
        data: zones.map((z) => ({ id: z.id, name: z.name, zhName: z.nameZh, enName: z.nameEn, utcOffset: utcOffset(z.name) })),
      };
    },
  },
  {
    path: '/api/admin/sys/operate/log/listSysOperateLogByPage',
    methods: BOTH,
    handler: async (ctx, req) => {
      const actor = requireActor(ctx);
      const page = readPage(req.params);
      const condition = (req.params.condition ?? {}) as Record<string, unknown>;
      const { rows, total } = await listOperationLogsPage(
        ctx,
        atDoor(operationLogFilter, {
          userId: condition.userId || undefined,
          account: condition.account || undefined,
          userName: condition.userName || condition.name || undefined,
          targetType: condition.targetType || undefined,
          operation: condition.operation || undefined,
          outcome: condition.outcome || undefined,
          from: parseLegacyDateTime(condition.beginTime, 'beginTime', actor.timeZone),
          to: parseLegacyDateTime(condition.endTime, 'endTime', actor.timeZone, true),
        }),
        page,
      );
      return {
        data: {
          currentPage: page.currentPage,
          pageSize: page.pageSize,
          rows: total,
          resultList: rows.map((r) => ({
            id: Number(r.id),
            userId: r.userId,
            account: r.account,
            operation: r.operation,
            targetType: r.targetType,
            targetIds: r.targetIds,
            outcome: r.outcome,
            errorCode: r.errorCode,
            door: r.door,
            address: r.address,
            createTime: formatDateTime(r.createdAt, actor.timeZone),
          })),
        },
      };
    },
  },
  {
    path: '/api/admin/auth/account/sendTestEmail',
    methods: ['GET'],
    handler: async (ctx, req) => {
      const r = await sendTestEmail(ctx, atDoor(sendTestEmailInput, { email: pick(withCondition(req.params), 'email', 'to') }));
      return { data: r, message: translate(ctx.lang, 'org.testMailSent', { email: r.email }) };
    },
  },
];
