import type { MessageTable } from '../../i18n/catalogue.ts';

/** Texts of the applications module (Chinese and English); registered by its index.ts. */
export const applicationsMessages = {
  // Applications.
  'application.state.1': { zh: '申请中', en: 'Applying' },
  'application.state.2': { zh: '学校拒绝', en: 'Rejected by the school' },
  'application.state.3': { zh: '学生拒绝', en: 'Declined by the student' },
  'application.state.4': { zh: '录取', en: 'Admitted' },
  'application.stateUnchanged': { zh: '申请已是该状态', en: 'The application is already in that state' },
  'application.stateRefused': { zh: '申请状态不能从「{from}」改为「{to}」', en: 'The application cannot go from "{from}" to "{to}"' },
  'application.reasonRequired': { zh: '请填写拒绝原因', en: 'Please enter the reason for the rejection' },
  'application.locked': { zh: '申请已锁定，不能修改', en: 'The application is locked and cannot be changed' },
  'application.alreadyLocked': { zh: '申请已锁定', en: 'The application is already locked' },
  'application.notLocked': { zh: '申请未锁定', en: 'The application is not locked' },
  'application.closed': { zh: '申请已被拒绝，不能再更新进度', en: 'The application was rejected; its progress can no longer change' },
  'application.sameSchool': { zh: '该学生已有进行中的{name}申请', en: 'The student already has an application to {name} in progress' },
  'application.archiveNotApplying': { zh: '档案申请状态不是进行中，不能新增申请', en: "The archive's applying status is not in progress; no application can be added" },
  'application.platformNotAccepted': { zh: '该学校不接受{platform}申请', en: 'The school does not accept applications through {platform}' },
  'application.schoolFixed': { zh: '申请的学校不能更改，请新建申请', en: "An application's school cannot change; create a new application" },
  'application.archiveFixed': { zh: '申请所属档案不能更改', en: "An application's archive cannot change" },
  'application.batchRowRefused': { zh: '批量操作未执行（申请{id}：{reason}），所有申请均未修改', en: 'Nothing was changed: application {id} was refused ({reason})' },
} as const satisfies MessageTable;

declare module '../../i18n/catalogue.ts' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface ModuleMessages extends Record<keyof typeof applicationsMessages, true> {}
}
