import { clientMessages } from './messages/client.ts';
import { tasksUiMessages } from './messages/tasks-ui.ts';
import { calendarUiMessages } from './messages/calendar-ui.ts';
import { listUiMessages } from './messages/list-ui.ts';
import { archivesUiMessages } from './messages/archives-ui.ts';
import { tasksPagesMessages } from './messages/tasks-pages.ts';
import { schoolsUiMessages } from './messages/schools-ui.ts';
import { orgUiMessages } from './messages/org-ui.ts';
import { contentUiMessages } from './messages/content-ui.ts';
import { coursesUiMessages } from './messages/courses-ui.ts';
import { auditMessages } from './messages/audit.ts';

/**
 * The one catalogue of texts people read, Chinese (default) and English.
 * Spec sections 5 and 8 are quoted word for word in Chinese.
 * Keys are stable identifiers; `{name}` placeholders are filled by `translate`.
 */
export type MessageEntry = { zh: string; en: string };
export type MessageTable = Record<string, MessageEntry>;

const coreMessages = {
  // Section 8: request statuses and transport failures.
  'status.needLogin': { zh: '尚未登陆,请登录', en: 'You are not logged in. Please log in.' },
  'status.tokenExpire': { zh: '登录已过期,请刷新令牌', en: 'Your session has expired; refresh the token.' },
  'transport.unavailable': { zh: '服务不可用...', en: 'Service unavailable...' },
  'transport.serverError': { zh: '服务异常...', en: 'Service error...' },
  'transport.notFound': { zh: '资源不存在...', en: 'Resource not found...' },
  'transport.unknown': { zh: '未知异常', en: 'Unknown error' },
  'token.refreshFailed': { zh: '创建令牌失败', en: 'Could not create a token' },

  // Section 8: success toasts.
  'toast.taskCreated': { zh: '新增任务成功', en: 'Task created' },
  'toast.taskUpdated': { zh: '更新任务成功', en: 'Task updated' },
  'toast.addedToSchedule': { zh: '加入档期成功', en: 'Added to the schedule' },
  'toast.reassigned': { zh: '重新指派成功', en: 'Task reassigned' },
  'toast.priorityChanged': { zh: '修改优先级成功', en: 'Priority changed' },
  'toast.deleted': { zh: '删除成功', en: 'Deleted' },
  'toast.additionAdded': { zh: '追加任务成功', en: 'Addition appended' },
  'toast.additionUpdated': { zh: '修改追加任务成功', en: 'Addition updated' },
  'toast.passwordChanged': { zh: '修改密码成功', en: 'Password changed' },
  'task.deleteConfirm': { zh: '确定删除当前任务么？', en: 'Delete this task?' },
  'task.deleting': { zh: '删除中...', en: 'Deleting...' },

  // Section 5: task rules.
  'task.projectRequired': { zh: '请选择项目', en: 'Please choose a project' },
  'task.titleRequired': { zh: '请填写任务标题', en: 'Please enter the task title' },
  'task.executorRequired': { zh: '请选择执行任务人员', en: 'Please choose who will carry out the task' },
  'task.hoursRequired': { zh: '请填写工时', en: 'Please enter the hours' },
  'task.completedNotSchedulable': { zh: '任务已完成，不允许加入档期!', en: 'The task is complete and cannot be added to the schedule!' },
  'task.reassignExecutorRequired': { zh: '请选择执行人员', en: 'Please choose an executor' },
  'task.additionContentRequired': { zh: '请输入内容。', en: 'Please enter the content.' },
  'task.additionTaskRequired': { zh: '任务错误。', en: 'Invalid task.' },
  'task.additionProjectRequired': { zh: '项目不存在,无法保存', en: 'The project does not exist; cannot save' },
  'task.editForbidden': { zh: '没有权限修改该任务', en: 'You are not allowed to edit this task' },

  // Section 5: change password.
  'password.mismatch': { zh: '两次密码不一致', en: 'The two passwords do not match' },
  'password.length': { zh: '密码长度为8到24位', en: 'The password must be 8 to 24 characters long' },
  'password.classes': { zh: '密码必须包含大小写字母和数字', en: 'The password must contain upper- and lower-case letters and digits' },
  'password.weak': { zh: '弱', en: 'Weak' },
  'password.medium': { zh: '中', en: 'Medium' },
  'password.strong': { zh: '强', en: 'Strong' },
  'password.tooShort': { zh: '太短', en: 'Too short' },
  'password.loginTip': {
    zh: '请输入8位及以上并包含大小写字母、数字和符号的密码',
    en: 'Use 8 or more characters with upper- and lower-case letters, numbers and symbols',
  },
  'password.oldRequired': { zh: '请输入原密码', en: 'Please enter your current password' },
  'password.oldWrong': { zh: '原密码错误', en: 'The current password is wrong' },
  'password.sameAsOld': { zh: '新密码不能与原密码相同', en: 'The new password must differ from the current one' },

  // Section 5: archive rules.
  'archive.nameRequired': {
    zh: '请填写学员姓和名，或拼音姓和拼音名',
    en: "Enter the student's surname and given name, or the pinyin surname and pinyin given name",
  },
  'archive.relationRequired': { zh: '请选择与学员关系', en: 'Please choose the relation to the student' },
  'archive.emailInvalid': { zh: '请输入正确的邮箱格式', en: 'Please enter a valid e-mail address' },

  // Section 8: update check.
  'update.title': { zh: '提示', en: 'Notice' },
  'update.body': { zh: '检测到系统更新，请刷新页面', en: 'A system update was detected; please refresh the page' },

  // Sections 5 and 8: rich-text editor rules and messages.
  'editor.wordCount': { zh: '已输入{count}个字符，还可以输入{left}个字符', en: '{count} characters typed, {left} left' },
  'editor.wordCount_one': { zh: '已输入{count}个字符，还可以输入{left}个字符', en: '{count} character typed, {left} left' },
  'editor.wordOverflow': {
    zh: '字数超出最大允许值({max})，服务器可能拒绝保存！',
    en: 'The text exceeds the maximum ({max} characters); the server may refuse to save it!',
  },
  'editor.imageSizeInvalid': { zh: '宽度和高度必须是数字', en: 'Width and height must be numbers' },
  'editor.imageSourceNotAllowed': { zh: '图片格式或来源域名不被允许', en: 'This image format or host is not allowed' },
  'editor.linkProtocolAdded': { zh: '链接缺少协议，已自动添加 http://', en: 'The link had no protocol; http:// was added' },
  'editor.iframeAddressRequired': { zh: '请输入页面地址', en: 'Please enter the page address' },
  'editor.videoUrlInvalid': { zh: '视频地址错误', en: 'Wrong video address' },
  'editor.videoSizeInvalid': { zh: '视频宽度或高度错误', en: 'Wrong video width or height' },
  'editor.videoNotFound': { zh: '视频不存在', en: 'Video not found' },
  'editor.videoNetworkError': { zh: '网络错误', en: 'Network error' },
  'editor.videoServerError': { zh: '服务器错误', en: 'Server error' },
  'editor.videoForbidden': { zh: '没有权限', en: 'No permission' },
  'editor.videoEmpty': { zh: '文件为空', en: 'The file is empty' },
  'editor.videoUnknown': { zh: '未知错误', en: 'Unknown error' },
  'editor.uploadTooLarge': { zh: '文件大小超出限制', en: 'The file is too large' },
  'editor.uploadTypeNotAllowed': { zh: '文件类型不允许', en: 'This file type is not allowed' },
  'editor.uploadEmpty': { zh: '文件为空', en: 'The file is empty' },
  'editor.uploadServerFormat': { zh: '服务器返回格式错误', en: 'The server answered in a wrong format' },
  'editor.uploadError': { zh: '文件上传失败', en: 'Upload failed' },
  'editor.configNotLoaded': { zh: '后端配置项没有正常加载，上传插件不能正常使用！', en: 'The upload configuration is not loaded; uploads are unavailable!' },
  'editor.attachmentLimit': { zh: '一次最多选择{max}个文件', en: 'Select at most {max} files at a time' },
  'editor.screenshotIeOnly': { zh: '截图功能仅支持IE浏览器', en: 'Screenshots are supported in Internet Explorer only' },
  'editor.screenshotDataError': { zh: '截图数据错误', en: 'Wrong screenshot data' },
  'editor.screenshotUploadFailed': { zh: '截图上传失败', en: 'Screenshot upload failed' },
  'editor.tableSortMerged': { zh: '表格中有合并单元格，无法排序', en: 'The table has merged cells and cannot be sorted' },
  'editor.tableLimit': { zh: '表格最多{cols}列{rows}行', en: 'A table has at most {cols} columns and {rows} rows' },
  'editor.mapCityRequired': { zh: '请选择城市', en: 'Please choose a city' },
  'editor.mapNotFound': { zh: '抱歉，找不到该位置！', en: 'Sorry, the location cannot be found!' },
  'editor.drawingEmpty': { zh: '尚未作画，白纸一张~', en: 'Nothing has been drawn yet' },
  'editor.musicNoResults': { zh: '抱歉，没有找到相关歌曲！', en: 'Sorry, no songs were found!' },
  'editor.searchEnd': { zh: '已经搜索到文章末尾！', en: 'Reached the end of the article!' },
  'editor.searchStart': { zh: '已经搜索到文章头部！', en: 'Reached the start of the article!' },
  'editor.clearConfirm': { zh: '确定清空当前文档么？', en: 'Clear the whole document?' },
  'editor.autosaveDone': { zh: '已自动保存', en: 'Draft saved' },

  // Authentication.
  'auth.accountRequired': { zh: '请输入账号', en: 'Please enter your account' },
  'auth.passwordRequired': { zh: '请输入密码', en: 'Please enter your password' },
  'auth.badCredentials': { zh: '账号或密码错误', en: 'Wrong account or password' },
  'auth.deactivated': { zh: '该账号已停用', en: 'This account has been deactivated' },
  'auth.throttled': {
    zh: '登录失败次数过多，请{seconds}秒后再试',
    en: 'Too many failed logins; try again in {seconds} seconds',
  },
  'auth.refreshInvalid': { zh: '令牌无效，请重新登录', en: 'The token is not valid; please log in again' },
  'auth.sessionEnded': { zh: '登录已超过最长有效期，请重新登录', en: 'Your session has reached its longest allowed time; please log in again' },
  'auth.loggedOut': { zh: '已退出登录', en: 'Logged out' },

  // Generic.
  'error.forbidden': { zh: '没有权限执行该操作', en: 'You are not allowed to do this' },
  'error.notFound': { zh: '数据不存在', en: 'Not found' },
  'error.unknownPath': { zh: '接口不存在', en: 'No such interface' },
  'error.methodNotAllowed': { zh: '请求方式不支持', en: 'This request method is not supported here' },
  'error.badRequest': { zh: '请求格式错误', en: 'The request could not be read' },
  'error.invalidInput': { zh: '参数错误：{detail}', en: 'Invalid input: {detail}' },
  'error.tooLarge': { zh: '请求内容过大', en: 'The request is too large' },
  'error.tooSlow': { zh: '请求内容发送过慢，连接已关闭', en: 'The request body arrived too slowly; the connection was closed' },
  'error.internal': { zh: '服务异常，请稍后再试', en: 'Something went wrong; please try again later' },
  'timeZone.unknown': { zh: '未知的时区：{zone}', en: 'Unknown time zone: {zone}' },
  'error.timeZoneUnknown': { zh: '时区不存在', en: 'Unknown time zone' },
  'error.languageInvalid': { zh: '语言设置无效', en: 'Invalid language' },
  'validation.required': { zh: '{field}不能为空', en: '{field} is required' },
  'validation.tooLong': { zh: '{field}不能超过{max}个字符', en: '{field} must be at most {max} characters' },
  'validation.invalid': { zh: '{field}格式错误', en: '{field} is not valid' },
  'validation.richTextTooComplex': { zh: '{field}格式过于复杂：最多{elements}个元素、{depth}层嵌套', en: '{field} is too complex: at most {elements} elements and {depth} levels of nesting' },

  // Request limits and hardening (docs/security.md).
  'error.busy': { zh: '服务繁忙，请稍后再试', en: 'The server is busy; please try again in a moment' },
  'export.failed': { zh: '导出失败，请稍后再试', en: 'The export failed; please try again later' },
  'export.stillRunning': { zh: '导出仍在进行中，请稍后在导出记录中下载', en: 'The export is still running; download it from the export once it is done' },
  'export.gone': { zh: '导出文件不存在或已过期', en: 'The export file does not exist or has expired' },
  'error.unavailable': { zh: '服务暂时不可用（数据库正在恢复），请稍后再试', en: 'The service is briefly unavailable (the database is recovering); please try again shortly' },
  'limit.listTooLong': { zh: '列表过长：{field}最多{max}项', en: 'List too long: {field} takes at most {max} items' },
  'limit.pageTooLarge': { zh: '每页条数过大：{field}最多{max}', en: 'Page too large: {field} is at most {max}' },
  'limit.tooCostly': { zh: '查询过于复杂（代价{cost}，上限{max}），请减少每页条数或字段', en: 'The query is too costly ({cost}, at most {max}); ask for fewer rows or fields' },
  'limit.tooDeep': { zh: '查询嵌套过深：最多{max}层', en: 'The query is nested too deeply: at most {max} levels' },
  'limit.tooManyAliases': { zh: '查询别名过多：最多{max}个', en: 'The query has too many aliases: at most {max}' },
  'limit.tooManyTokens': { zh: '查询过长：最多{max}个词法单元', en: 'The query is too long: at most {max} tokens' },
  'limit.tooManyDirectives': { zh: '查询指令过多：最多{max}个', en: 'The query has too many directives: at most {max}' },
  'limit.nul': { zh: '输入含有不允许的空字符（\\u0000）', en: 'The input holds a character that is not allowed (\\u0000)' },
  'limit.introspectionNeedsLogin': { zh: '查看接口结构需要先登录', en: 'Log in to read the schema' },
  'validation.dateInvalid': { zh: '不是有效的日期或时间：{value}', en: 'Not a real date or time: {value}' },

  // Uploads (server/lib/upload.ts).
  'upload.missing': { zh: '请选择要上传的文件', en: 'Please choose a file to upload' },
  'upload.empty': { zh: '文件为空', en: 'The file is empty' },
  'upload.tooLarge': { zh: '文件大小超出限制（最大{max}MB）', en: 'The file is too large (at most {max} MB)' },
  'upload.unsafeArchive': {
    zh: '文件结构异常（解压后过大或压缩比异常），已拒绝',
    en: 'The file was refused: it would unpack to too much data or is compressed suspiciously',
  },
  'upload.typeNotAllowed': { zh: '文件类型不允许，仅支持：{allowed}', en: 'This file type is not allowed; accepted: {allowed}' },

  // What holds a row that is being deleted (server/lib/references.ts).
  'org.ref.counted': { zh: '{what}（{count}条）', en: '{what} ({count})' },
  'org.ref.separator': { zh: '、', en: ', ' },
  'org.ref.archive': { zh: '学生档案', en: 'a student archive' },
  'org.ref.applications': { zh: '学校申请', en: 'school applications' },
  'org.ref.tasksAssigned': { zh: '布置的工作任务', en: 'work tasks they assigned' },
  'org.ref.projectTasks': { zh: '工作任务', en: 'work tasks' },
  'org.ref.taskRecords': { zh: '工作任务记录（追加、日志、日报或投诉）', en: 'work task records (additions, log lines, daily reports or complaints)' },
  'org.ref.scheduleEntries': { zh: '创建的工作日程', en: 'schedule entries they created' },
  'org.ref.events': { zh: '创建的日历事件', en: 'calendar events they created' },
  'org.ref.roleHolders': { zh: '持有该角色的用户', en: 'users holding it' },
  'org.ref.subDepartments': { zh: '子部门', en: 'sub-departments' },
  'org.ref.coursesTaught': { zh: '讲授的课程', en: 'courses they teach' },
  'org.ref.courseEnrollments': { zh: '课程报名与课时', en: 'course enrolments and hours' },
  'org.ref.other': { zh: '其他关联记录', en: 'other related records' },

  // Mail.
  'org.mailNotConfigured': {
    zh: '未配置邮件服务器（SMTP_URL），无法发送邮件',
    en: 'No mail server is configured (SMTP_URL); mail cannot be sent',
  },
  'org.mailFailed': { zh: '邮件发送失败，请检查邮件服务器配置', en: 'The mail could not be sent; check the mail server settings' },
} as const satisfies MessageTable;

/**
 * The texts modules register (each module's `<m>.messages.ts`, registered by its `index.ts`
 * through `defineModule`). A module adds its keys to this interface so that a misspelt key
 * fails the type check:
 *
 *   declare module '../../i18n/catalogue.ts' {
 *     interface ModuleMessages extends Record<keyof typeof tasksMessages, true> {}
 *   }
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface ModuleMessages {}

/**
 * The one catalogue: core texts, the client's texts (server/i18n/messages/) and every
 * registered module's texts. Keys are unique across all of them.
 */
export const catalogue = {
  ...coreMessages,
  ...clientMessages,
  ...tasksUiMessages,
  ...calendarUiMessages,
  ...listUiMessages,
  ...archivesUiMessages,
  ...tasksPagesMessages,
  ...schoolsUiMessages,
  ...orgUiMessages,
  ...contentUiMessages,
  ...coursesUiMessages,
  ...auditMessages,
} as Record<MessageKey, MessageEntry>;

export type MessageKey =
  | keyof typeof coreMessages
  | keyof typeof clientMessages
  | keyof typeof tasksUiMessages
  | keyof typeof calendarUiMessages
  | keyof typeof listUiMessages
  | keyof typeof archivesUiMessages
  | keyof typeof tasksPagesMessages
  | keyof typeof schoolsUiMessages
  | keyof typeof orgUiMessages
  | keyof typeof contentUiMessages
  | keyof typeof coursesUiMessages
  | keyof typeof auditMessages
  | keyof ModuleMessages;

/** Adds a module's texts to the catalogue; a key registered twice is a programming error. */
export function registerMessages(owner: string, table: MessageTable): void {
  for (const [key, entry] of Object.entries(table)) {
    if (Object.hasOwn(catalogue, key)) throw new Error(`message ${key} (module ${owner}) is registered twice`);
    (catalogue as Record<string, MessageEntry>)[key] = entry;
  }
}
export type Lang = 'zh' | 'en';

export function translate(lang: Lang, key: MessageKey, params?: Record<string, string | number>): string {
  // English has a singular: `<key>_one` when present and the count is 1 (the client's i18next does the same).
  const one = lang === 'en' && params?.count === 1 ? (catalogue as MessageTable)[`${key}_one`] : undefined;
  const entry = one ?? (catalogue[key] as MessageEntry | undefined);
  // A key no loaded module registered answers itself rather than failing the request.
  let text: string = entry ? entry[lang] : key;
  if (params) {
    for (const [k, v] of Object.entries(params)) text = text.replaceAll(`{${k}}`, String(v));
  }
  return text;
}

/** User preference 1 means English; otherwise the `lang` cookie (zh, en); otherwise Chinese. */
export function resolveLang(preference: number | null | undefined, cookieHeader: string | null | undefined): Lang {
  if (preference !== null && preference !== undefined) return preference === 1 ? 'en' : 'zh';
  const match = /(?:^|;\s*)lang=([^;]*)/.exec(cookieHeader ?? '');
  return match?.[1]?.trim().toLowerCase() === 'en' ? 'en' : 'zh';
}
