/**
 * Texts of the browser client; merged into the one catalogue by server/i18n/catalogue.ts and
 * fed to i18next at build time (client/src/i18n). Spec texts (sections 1, 2, 5, 8) that the
 * server also uses live in the core catalogue; these are the client's own.
 */
export const clientMessages = {
  'client.appName': { zh: '留学顾问后台', en: 'Study-abroad back office' },
  'client.loading': { zh: '加载中...', en: 'Loading...' },
  'client.requestTimeout': { zh: '请求超时', en: 'The request timed out' },
  'client.persistedQueryRequired': {
    zh: '浏览器只能发送已登记的查询',
    en: 'Browsers may only send registered operations',
  },
  'client.persistedQueryUnknown': {
    zh: '查询未登记，请刷新页面',
    en: 'Unknown operation; please refresh the page',
  },

  // Login page.
  'client.login.title': { zh: '账号登录', en: 'Sign in' },
  'client.login.subtitle': { zh: '留学顾问与课程管理系统', en: 'Consulting and course management' },
  'client.login.account': { zh: '账号', en: 'Account' },
  'client.login.password': { zh: '密码', en: 'Password' },
  'client.login.submit': { zh: '登录', en: 'Sign in' },
  'client.login.submitting': { zh: '登录中...', en: 'Signing in...' },
  'client.login.strength': { zh: '密码强度：{level}', en: 'Strength: {level}' },
  'client.login.showPassword': { zh: '显示密码', en: 'Show password' },

  // Layout.
  'client.layout.toggleSidebar': { zh: '展开/收起侧边栏', en: 'Open or close the sidebar' },
  'client.layout.openMenu': { zh: '打开菜单', en: 'Open the menu' },
  'client.layout.more': { zh: '更多', en: 'More' },
  'client.layout.mainMenu': { zh: '主菜单', en: 'Main menu' },
  'client.layout.notices': { zh: '通知', en: 'Notices' },
  'client.layout.unread': { zh: '{count}条未读', en: '{count} unread' },
  'client.layout.timeZone': { zh: '时区', en: 'Time zone' },
  'client.layout.version': { zh: '版本 {version}', en: 'Version {version}' },
  'client.layout.language': { zh: '切换语言', en: 'Switch language' },
  'client.layout.changePassword': { zh: '修改密码', en: 'Change password' },
  'client.layout.logout': { zh: '退出登录', en: 'Log out' },
  'client.layout.userMenu': { zh: '用户菜单', en: 'User menu' },

  // Change password dialog.
  'client.password.old': { zh: '原密码', en: 'Current password' },
  'client.password.new': { zh: '新密码', en: 'New password' },
  'client.password.confirm': { zh: '确认密码', en: 'Confirm password' },
  'client.password.strength': { zh: '密码强度', en: 'Strength' },
  'client.password.save': { zh: '保存', en: 'Save' },
  'client.password.saving': { zh: '保存中...', en: 'Saving...' },
  'client.cancel': { zh: '取消', en: 'Cancel' },
  'client.close': { zh: '关闭', en: 'Close' },

  // Nothing typed is lost; errors where the eye is (docs/ui-kit.md).
  'client.discard.title': { zh: '放弃未保存的修改？', en: 'Discard unsaved changes?' },
  'client.discard.body': { zh: '已填写的内容尚未保存，放弃后将无法恢复。', en: 'What you have entered is not saved yet; discarded, it cannot be recovered.' },
  'client.discard.keep': { zh: '继续编辑', en: 'Keep editing' },
  'client.discard.confirm': { zh: '放弃修改', en: 'Discard' },
  'client.draft.found': { zh: '发现 {time} 未保存的草稿。', en: 'An unsaved draft from {time} was kept.' },
  'client.draft.restore': { zh: '恢复草稿', en: 'Restore draft' },
  'client.draft.drop': { zh: '丢弃', en: 'Discard' },
  'client.session.endedElsewhere': { zh: '您已在其他页面退出登录，未保存的内容已保留，重新登录后可恢复。', en: 'You were signed out elsewhere; unsaved input is kept and offered back after you sign in.' },
  'client.listSeparator': { zh: '、', en: ', ' },
  'client.form.fixFields': { zh: '请检查：{fields}', en: 'Please check: {fields}' },

  // Tab bar of visited views.
  'client.tags.label': { zh: '已打开的页面', en: 'Open pages' },
  'client.tags.refresh': { zh: '刷新', en: 'Refresh' },
  'client.tags.close': { zh: '关闭', en: 'Close' },
  'client.tags.closeOthers': { zh: '关闭其他', en: 'Close others' },
  'client.tags.closeRight': { zh: '关闭右侧', en: 'Close tabs to the right' },
  'client.tags.closeAll': { zh: '关闭所有', en: 'Close all' },
  'client.tags.previous': { zh: '上一页', en: 'Previous' },
  'client.tags.next': { zh: '下一页', en: 'Next' },
  'client.tags.firstPage': { zh: '已经是第一页了', en: 'This is already the first page' },
  'client.tags.lastPage': { zh: '已经是最后一页了', en: 'This is already the last page' },

  // Update check.
  'client.update.refresh': { zh: '立即刷新', en: 'Refresh now' },

  // Error pages and placeholders.
  'client.error.401.title': { zh: '没有访问权限', en: 'No access' },
  'client.error.401.body': {
    zh: '您没有访问该页面的权限，如有需要请联系管理员。',
    en: 'You are not allowed to open this page; ask an administrator if you need it.',
  },
  'client.error.404.title': { zh: '页面不存在', en: 'Page not found' },
  'client.error.404.body': {
    zh: '您访问的页面不存在，请检查地址是否正确。',
    en: 'The page you asked for does not exist; check the address.',
  },
  'client.error.backHome': { zh: '返回首页', en: 'Back to the start page' },
  'client.error.retry': { zh: '重试', en: 'Retry' },
  'client.error.unexpected': { zh: '页面出错了', en: 'Something went wrong on this page' },
  'client.error.screenFailed': { zh: '页面加载失败，请刷新重试', en: 'The page could not be loaded; refresh to try again' },
  'client.placeholder.body': {
    zh: '该页面正在建设中，菜单与权限已就绪。',
    en: 'This screen is being built; its menu entry and rights are in place.',
  },
  'client.placeholder.opened': { zh: '打开于 {time}', en: 'Opened at {time}' },
  'client.placeholder.component': { zh: '视图：{component}', en: 'View: {component}' },
  'client.working.body': {
    zh: '我的日历：任务与档期将显示在这里。',
    en: 'My Calendar: your tasks and schedule will appear here.',
  },
  'client.working.today': { zh: '今天是 {date}', en: 'Today is {date}' },

  'client.standalone.schoolDetails': { zh: '学校详情', en: 'School details' },
  'client.standalone.wpsLoading': { zh: '正在连接 WPS...', en: 'Connecting to WPS...' },
  'client.standalone.courseExport': { zh: '课程导出', en: 'Course export' },

  // Notices and letters.
  'client.notice.detail': { zh: '通知详情', en: 'Notice' },
  'client.notice.title': { zh: '通知列表', en: 'Notices' },
  'client.notice.letters': { zh: '站内信', en: 'Letters' },
  'client.notice.notices': { zh: '通知公告', en: 'Notices' },
  'client.notice.letter': { zh: '站内信', en: 'Letter' },
  'client.notice.notice': { zh: '通知', en: 'Notice' },
  'client.notice.more': { zh: '加载更多', en: 'Load more' },
  'client.notice.empty': { zh: '暂无数据', en: 'Nothing here yet' },
  'client.notice.unread': { zh: '未读', en: 'Unread' },
  'client.notice.read': { zh: '已读', en: 'Read' },
  'client.notice.back': { zh: '返回', en: 'Back' },
  'client.notice.publishedAt': { zh: '发布时间', en: 'Published' },
  'client.notice.sender': { zh: '发送人', en: 'From' },

  // Shared fields and states (components/fields, lib/useMutationAction).
  'client.field.date': { zh: '日期', en: 'Date' },
  'client.field.time': { zh: '时间', en: 'Time' },
  'client.field.pickDate': { zh: '选择日期', en: 'Choose a date' },
  'client.networkError': { zh: '网络连接失败，请检查网络后重试', en: 'Cannot reach the server: check the connection and try again' },

  // Time ago (spec section 9: switches at 30 s, 1 h, 24 h, 48 h).
  'client.time.justNow': { zh: '刚刚', en: 'just now' },
  'client.time.minutesAgo': { zh: '{count}分钟前', en: '{count} min ago' },
  'client.time.hoursAgo': { zh: '{count}小时前', en: '{count} h ago' },
  'client.time.oneDayAgo': { zh: '1天前', en: '1 day ago' },
} as const satisfies Record<string, { zh: string; en: string }>;
