/** Every legacy path of the projects module (content area of spec section 7) answers with the envelope. */
import { describeContentPaths } from '../paths.ts';

describeContentPaths('projects', 18, async (t) => {
  const member = await t.db.projectMember.findFirstOrThrow({ include: { project: true } });
  const projectId = member.projectId;
  return {
    '/api/admin/project/list.htm': { pageResult: { currentPage: 1, pageSize: 8388607 }, condition: { notInProjectStateStr: '4,5' } },
    '/api/admin/project/listAllProject.htm': {},
    '/api/admin/project/listProjectByCompanyAndUser.htm': {},
    '/api/admin/project/members.htm': { projectId },
    '/api/admin/project/listUploadFile.htm': { projectId },
    '/api/admin/project/listProjectFocus.htm': {},
    '/api/admin/project/getProjectDetailByCondition.htm': { condition: { id: projectId } },
    '/api/admin/project/getProjectDetailById.htm': { id: projectId },
    '/api/admin/auth/user/project/detail.htm': { id: member.id },
    '/api/admin/user/listUsers4Project.htm': { condition: { projectId } },
  };
});
