import type { RestRoute } from '../../rest/adapter.ts';
import { setStaffState } from './users.service.ts';

export const userRoutes: RestRoute[] = [
  {
    path: '/api/admin/user/updateState',
    methods: ['POST'],
    handler: async (ctx, req) => {
      const p = req.params;
      const result = await setStaffState(ctx, { id: p.id ?? p.userId, state: p.state });
      return { data: result };
    },
  },
];
