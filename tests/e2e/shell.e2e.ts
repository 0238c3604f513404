/**
 * The client shell in a real browser: login, guard, menu, languages, tabs, change password,
 * update notice, logout, request-layer failures, mobile layout. Screenshots of each screen go
 * to tests/e2e/screenshots/.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, cookie, distDir, hashPath, launch, login, newPage, open, shot, storedToken, toast } from './browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/** What an integrator does: a full document with a token, from server code. `T` is the shape of the `data` it selects. */
async function gqlAs<T>(account: string, password: string, query: string, variables: Record<string, unknown> = {}): Promise<{ data?: T; errors?: unknown }> {
  const url = `${baseUrl()}/graphql`;
  const login = (await (
    await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: 'mutation($i: LoginInput!) { login(input: $i) { ... on TokenPayload { token } } }', variables: { i: { account, password } } }),
    })
  ).json()) as { data: { login: { token: string } } };
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', 'x-token': login.data.login.token }, body: JSON.stringify({ query, variables }) });
  return (await res.json()) as { data?: T; errors?: unknown };
}

/**
 * A staff member of this test's own (the administrator adds one with the roles of `like`):
 * tests that change an account (its password) never touch the shared demo accounts, so the
 * other spec files find them as seeded whatever the order. `done` deactivates it again, so
 * other specs' staff lists and pictures do not show it.
 */
async function ownStaff(like: string, password: string): Promise<{ account: string; done: () => Promise<void> }> {
  const found = await gqlAs<{ users: { edges: Array<{ node: { account: string; roles: Array<{ id: string }> } }> } }>(
    'admin',
    'Admin#2026',
    'query($s: String) { users(filter: { search: $s }, first: 5) { edges { node { account roles { id } } } } }',
    { s: like },
  );
  const model = found.data!.users.edges.find((e) => e.node.account === like)!.node;
  const account = `e2e.${like}.${Date.now().toString(36)}`;
  const made = await gqlAs<{ createStaff: { __typename: string; user?: { id: string }; message?: string } }>(
    'admin',
    'Admin#2026',
    'mutation($i: CreateStaffInput!) { createStaff(input: $i) { __typename ... on SavedPersonPayload { user { id } } ... on Error { message } } }',
    {
      i: { account, name: `测试${like}`, password, roleIds: model.roles.map((r) => r.id) },
    },
  );
  expect(made.data?.createStaff?.__typename).toBe('SavedPersonPayload');
  const userId = made.data!.createStaff.user!.id;
  const done = async () => {
    const res = await gqlAs<{ deactivateStaff: { __typename: string } }>('admin', 'Admin#2026', 'mutation($i: StaffStateInput!) { deactivateStaff(input: $i) { __typename } }', { i: { userId } });
    expect(res.data?.deactivateStaff?.__typename).toBe('StaffStatePayload');
  };
  return { account, done };
}
const tags = (page: Page) => page.getByTestId('tag');
/** The heading of the view on screen (kept-alive views stay in the page, hidden). */
const viewHeading = (page: Page, title: string) => page.getByRole('heading', { name: title, exact: true }).locator('visible=true').first();
/** Marks the view on screen, to tell later whether the same mounted view shows again. */
const markView = (page: Page, title: string) => viewHeading(page, title).evaluate((el) => (el.dataset.mark = 'seen'));
const isMarked = async (page: Page, title: string) => (await viewHeading(page, title).getAttribute('data-mark')) === 'seen';
/** Clicks a tab and waits until its view is the one on screen. */
async function showView(page: Page, title: string): Promise<void> {
  await page.getByTestId('tag').filter({ hasText: title }).click();
  await viewHeading(page, title).waitFor();
}
async function tagTitles(page: Page): Promise<string[]> {
  return (await tags(page).allInnerTexts()).map((s) => s.trim());
}

describe('login and the guard', () => {
  it('refuses a wrong password inline, then logs in and returns to the guarded path', async () => {
    const { context, page } = await newPage(browser);
    await open(page, '/archives/list');
    await page.waitForURL(/#\/login/);
    expect(hashPath(page)).toBe('/login?redirect=/archives/list');
    await page.getByRole('heading', { name: '账号登录' }).waitFor();

    // The password-strength tip.
    const password = page.locator('input[name=password]');
    await password.fill('abc');
    await expect(page.getByTestId('password-strength').getAttribute('data-level')).resolves.toBe('tooShort');
    await password.fill('abcdefgh');
    await expect(page.getByTestId('password-strength').getAttribute('data-level')).resolves.toBe('medium');
    await password.fill('Abcdefg#1');
    await expect(page.getByTestId('password-strength').getAttribute('data-level')).resolves.toBe('strong');
    await shot(page, 'login-zh');

    await page.locator('input[name=account]').fill('admin');
    await password.fill('Wrong#2026');
    await page.locator('button[type=submit]').click();
    await expect(page.getByTestId('login-error').innerText()).resolves.toContain('账号或密码错误');
    expect(await storedToken(page)).toBeUndefined();
    await shot(page, 'login-error-zh');

    await password.fill('Admin#2026');
    await page.locator('button[type=submit]').click();
    await page.getByTestId('top-bar').waitFor();
    await page.waitForURL(/#\/archives\/list$/);
    expect(await storedToken(page)).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    // Not a cookie: nothing sends it with every request, no script-readable cookie holds it.
    expect(await cookie(context, 'Admin-Token')).toBeUndefined();
    const user = await page.evaluate(() => JSON.parse(localStorage.getItem('PC_user') ?? 'null') as { account: string } | null);
    expect(user?.account).toBe('admin');

    // With a token, /login goes to / and / to /working.
    await open(page, '/login');
    await page.waitForURL(/#\/working$/);
    await context.close();
  });

  it('sends only persisted operations from the browser; the server refuses documents', async () => {
    const { context, page } = await newPage(browser);
    await open(page, '/login');
    const answers = await page.evaluate(async () => {
      const post = async (body: unknown) => {
        const res = await fetch('/graphql', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
        return { status: res.status, body: (await res.json()) as { errors?: Array<{ extensions?: { code?: string } }> } };
      };
      return { document: await post({ query: '{ loginPublicKey }' }), unknown: await post({ documentId: 'not-a-known-id' }) };
    });
    expect(answers.document.status).toBe(400);
    expect(answers.document.body.errors?.[0]?.extensions?.code).toBe('PERSISTED_QUERY_REQUIRED');
    expect(answers.unknown.body.errors?.[0]?.extensions?.code).toBe('PERSISTED_QUERY_NOT_FOUND');
    await context.close();
  });

  it('ends the session when the server does not know the token', async () => {
    const { context, page } = await newPage(browser);
    await open(page, '/login');
    await page.evaluate(() => localStorage.setItem('Admin-Token', 'x'.repeat(43)));
    await open(page, '/archives/list');
    await toast(page, '尚未登陆,请登录').waitFor();
    await page.waitForURL(/#\/login/);
    expect(hashPath(page)).toBe('/login?redirect=/archives/list');
    expect(await storedToken(page)).toBeUndefined();
    await context.close();
  });
});

describe('layout and menu', () => {
  it('shows the menu of the viewer’s rights, the sidebar, the zone and the version', async () => {
    const { context, page } = await newPage(browser, { width: 1920, height: 1000 });
    await login(page, 'admin', 'Admin#2026');
    await page.waitForURL(/#\/working$/);
    const menu = page.getByTestId('main-menu');
    await menu.locator('[data-menu-key=system]').waitFor();
    await expect(page.getByTestId('time-zone').innerText()).resolves.toMatch(/上海|北京|Shanghai|\S+/);
    await expect(page.getByTestId('version').innerText()).resolves.toContain('0.1.0');

    // A dropdown entry opens its view; the sidebar lists the section.
    await menu.locator('[data-menu-key=system]').click();
    await page.locator('[role=menuitem][data-menu-key=operationLog]').click();
    await page.waitForURL(/#\/operation-log$/);
    const sidebar = page.getByTestId('sidebar');
    await sidebar.locator('[data-menu-key=operationLog]').waitFor();
    await viewHeading(page, '操作日志').waitFor();
    await shot(page, 'layout-zh');
    await page.getByTestId('toggle-sidebar').click();
    await expect(sidebar.getAttribute('data-open')).resolves.toBe('false');
    await page.getByTestId('toggle-sidebar').click();
    await expect(sidebar.getAttribute('data-open')).resolves.toBe('true');

    // A group goes to its first visible child.
    await open(page, '/archives');
    await page.waitForURL(/#\/archives\/list$/);

    await open(page, '/no/such/page');
    await page.getByTestId('error-404').waitFor();
    await shot(page, 'error-404-zh');

    // On a narrower screen the entries drop their icons (never their names), then those that do
    // not fit go into "more", where each section keeps its submenu.
    await page.setViewportSize({ width: 1280, height: 900 });
    await expect.poll(() => menu.getAttribute('data-compact')).toBe('true');
    await page.setViewportSize({ width: 1024, height: 900 });
    await page.getByTestId('menu-more').click();
    await page.locator('[data-menu-group=system]').click();
    await page.locator('[role=menuitem][data-menu-key=operationLog]').click();
    await page.waitForURL(/#\/operation-log$/);
    await shot(page, 'layout-1280-zh');
    await context.close();
  });

  it('hides what the role may not open and answers 401 there', async () => {
    const { context, page } = await newPage(browser, { width: 1920, height: 1000 });
    await login(page, 'consultant', 'Staff#2026');
    const keys = await page
      .getByTestId('main-menu')
      .locator('[data-menu-key]')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-menu-key')));
    expect(keys).toContain('archives');
    await open(page, '/operation-log');
    await page.getByTestId('error-401').waitFor();
    await shot(page, 'error-401-zh');
    await context.close();
  });

  it('uses a drawer and no tabs under 1024 px', async () => {
    const { context, page } = await newPage(browser, { width: 800, height: 900 });
    await login(page, 'admin', 'Admin#2026');
    await expect(page.getByTestId('tags-view').count()).resolves.toBe(0);
    await expect(page.getByTestId('main-menu').count()).resolves.toBe(0);
    await page.getByTestId('open-drawer').click();
    const drawer = page.getByTestId('menu-drawer');
    await drawer.waitFor();
    await shot(page, 'mobile-drawer-zh');
    await drawer.getByRole('button', { name: '学校列表' }).click();
    await page.waitForURL(/#\/school\/list$/);
    await context.close();
  });
});

describe('languages', () => {
  it('switches to English and back, saved to the user and the lang cookie', async () => {
    const { context, page } = await newPage(browser);
    await login(page, 'manager', 'Staff#2026');
    await open(page, '/project/list');
    await page.getByTestId('lang-en').click();
    await page.getByTestId('tag').filter({ hasText: 'My Calendar' }).waitFor();
    expect(await cookie(context, 'lang')).toBe('en');
    await expect(page.getByTestId('version').innerText()).resolves.toContain('Version 0.1.0');
    await expect(page.getByTestId('main-menu').innerText()).resolves.toContain('Projects');
    await expect(viewHeading(page, 'Projects').innerText()).resolves.toBe('Projects');
    await shot(page, 'layout-en');

    // The choice is the user's: a fresh browser without the cookie opens in English after login,
    // the areas' texts (My Calendar, the task list) as well as the shell's, without a reload.
    const other = await newPage(browser);
    await login(other.page, 'manager', 'Staff#2026');
    await other.page.getByTestId('tag').filter({ hasText: 'My Calendar' }).waitFor();
    await other.page
      .locator('.rbc-toolbar button')
      .filter({ hasText: /^Week$/ })
      .waitFor();
    await other.page.getByTestId('task-list').getByText('Assigned to me').waitFor();
    await expect(other.page.getByTestId('working-tasks').innerText()).resolves.not.toMatch(/指派给我|我指派的/);
    await other.page.getByTestId('lang-zh').click();
    await other.page.getByTestId('tag').filter({ hasText: '我的日历' }).waitFor();
    expect(await cookie(other.context, 'lang')).toBe('zh');
    await other.context.close();

    // The login page follows the cookie.
    await page.getByTestId('user-menu').click();
    await page.getByTestId('menu-logout').click();
    await page.waitForURL(/#\/login$/);
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    await shot(page, 'login-en');
    await page.getByTestId('lang-zh').click();
    await page.getByRole('heading', { name: '账号登录' }).waitFor();
    await context.close();
  });
});

describe('tab bar of visited views', () => {
  it('opens, refreshes and closes tabs; My Calendar stays; kept lists keep their state', async () => {
    const { context, page } = await newPage(browser);
    await login(page, 'admin', 'Admin#2026');
    await page.waitForURL(/#\/working$/);
    const routes: Array<[string, string]> = [
      ['/user-manage/list', '用户管理'],
      ['/operation-log', '操作日志'],
      ['/role-control/list', '角色管理'],
      ['/people/list', '员工列表'],
      ['/project/list', '项目列表'],
    ];
    for (const [route, title] of routes) {
      await open(page, route);
      await viewHeading(page, title).waitFor();
    }
    expect(await tagTitles(page)).toEqual(['我的日历', '用户管理', '操作日志', '角色管理', '员工列表', '项目列表']);
    await expect(page.locator('[data-testid=tag][data-affix]').innerText()).resolves.toBe('我的日历');

    // /user-manage/list is kept alive: revisiting shows the same mounted view; others mount anew.
    // (A tab's view shows after the route transition: wait for its title before reading it.)
    await showView(page, '用户管理');
    await markView(page, '用户管理');
    await showView(page, '操作日志');
    await markView(page, '操作日志');
    await showView(page, '用户管理');
    expect(await isMarked(page, '用户管理')).toBe(true);
    await showView(page, '操作日志');
    expect(await isMarked(page, '操作日志')).toBe(false);

    // Refresh from the right-click menu mounts the view again.
    await markView(page, '操作日志');
    await page.getByTestId('tag').filter({ hasText: '操作日志' }).click({ button: 'right' });
    await page.getByTestId('tags-context-menu').waitFor();
    await shot(page, 'tabs-zh');
    await page.locator('[data-testid=tags-context-menu] [data-action=refresh]').click();
    await expect.poll(() => isMarked(page, '操作日志')).toBe(false);

    // Arrows warn on the first and the last page.
    await page.getByTestId('tags-prev').click();
    await toast(page, '已经是第一页了').waitFor();
    await page.getByTestId('tags-next').click();
    await toast(page, '已经是最后一页了').waitFor();

    // Close one with its button.
    await page.getByTestId('tag').filter({ hasText: '项目列表' }).getByTestId('tag-close').click();
    expect(await tagTitles(page)).not.toContain('项目列表');

    // Close others keeps the pinned tab and the chosen one.
    await page.getByTestId('tag').filter({ hasText: '角色管理' }).click({ button: 'right' });
    await page.locator('[data-testid=tags-context-menu] [data-action=closeOthers]').click();
    expect(await tagTitles(page)).toEqual(['我的日历', '角色管理']);
    await page.waitForURL(/#\/role-control\/list$/);

    // The pinned tab has no close button, and survives close-all.
    await expect(page.getByTestId('tag').filter({ hasText: '我的日历' }).getByTestId('tag-close').count()).resolves.toBe(0);
    await page.getByTestId('tag').filter({ hasText: '角色管理' }).click({ button: 'right' });
    await page.locator('[data-testid=tags-context-menu] [data-action=closeAll]').click();
    await page.waitForURL(/#\/working$/);
    expect(await tagTitles(page)).toEqual(['我的日历']);

    // English tabs.
    for (const [route, title] of [
      ['/operation-log', '操作日志'],
      ['/user-manage/list', '用户管理'],
    ]) {
      await open(page, route!);
      await viewHeading(page, title!).waitFor();
    }
    await page.getByTestId('lang-en').click();
    await page.getByTestId('tag').filter({ hasText: 'Operation log' }).waitFor();
    await shot(page, 'tabs-en');
    await page.getByTestId('lang-zh').click();
    await page.getByTestId('tag').filter({ hasText: '操作日志' }).waitFor();
    await context.close();
  });
});

describe('change password', () => {
  it('applies the rules on the form and changes the password', async () => {
    const { account, done } = await ownStaff('sales', 'Staff#2026');
    const { context, page } = await newPage(browser);
    try {
      await login(page, account, 'Staff#2026');
      await page.getByTestId('user-menu').click();
      await page.getByTestId('menu-change-password').click();
      const dialog = page.getByTestId('change-password');
      await dialog.waitFor();
      const newPassword = dialog.locator('input[name=password]');
      const confirm = dialog.locator('input[name=confirmPassword]');
      const bar = dialog.getByTestId('strength-bar');

      await newPassword.fill('abc');
      await newPassword.blur();
      await expect(dialog.getByTestId('password-problem').innerText()).resolves.toBe('密码长度为8到24位');
      await expect(bar.getAttribute('data-level')).resolves.toBe('weak');
      await newPassword.fill('abcdefgh1');
      await expect(dialog.getByTestId('password-problem').innerText()).resolves.toBe('密码必须包含大小写字母和数字');
      await expect(bar.getAttribute('data-level')).resolves.toBe('medium');
      await newPassword.fill('Abcdefg#1');
      await expect(bar.getAttribute('data-level')).resolves.toBe('strong');
      await expect(dialog.getByTestId('password-problem').count()).resolves.toBe(0);

      // The confirmation is checked on blur.
      await confirm.fill('Abcdefg#');
      await expect(dialog.getByTestId('confirm-problem').count()).resolves.toBe(0);
      await confirm.blur();
      await expect(dialog.getByTestId('confirm-problem').innerText()).resolves.toBe('两次密码不一致');
      await shot(page, 'change-password-zh');

      // A wrong current password is the server's answer, shown in the form.
      await confirm.fill('Abcdefg#1');
      await dialog.locator('input[name=oldPassword]').fill('Wrong#2026');
      await dialog.getByRole('button', { name: '保存' }).click();
      await expect(dialog.getByTestId('change-password-error').innerText()).resolves.toContain('原密码错误');

      await dialog.locator('input[name=oldPassword]').fill('Staff#2026');
      await dialog.getByRole('button', { name: '保存' }).click();
      await toast(page, '修改密码成功').waitFor();
      await dialog.waitFor({ state: 'detached' });

      // Log out; the new password works, the old one no longer does.
      await page.getByTestId('user-menu').click();
      await page.getByTestId('menu-logout').click();
      await page.waitForURL(/#\/login$/);
      await page.locator('input[name=account]').fill(account);
      await page.locator('input[name=password]').fill('Staff#2026');
      await page.locator('button[type=submit]').click();
      await expect(page.getByTestId('login-error').innerText()).resolves.toContain('账号或密码错误');
      await login(page, account, 'Abcdefg#1');
    } finally {
      await context.close();
      await done();
    }
  });
});

describe('notices and letters', () => {
  it('counts unread letters live, lists notices and letters, and reading one lowers the badge', async () => {
    const { context, page } = await newPage(browser);
    await login(page, 'consultant', 'Staff#2026');
    const badge = page.getByTestId('notice-badge');
    const count = async () => Number(await badge.getAttribute('data-count'));
    const before = await count();

    // A letter sent by a colleague arrives over the subscription.
    const me = await gqlAs<{ users: { edges: Array<{ node: { id: string; account: string } }> } }>('manager', 'Staff#2026', '{ users(filter: { search: "consultant" }, first: 5) { edges { node { id account } } } }');
    const recipient = me.data!.users.edges.find((e) => e.node.account === 'consultant')!.node.id;
    const sent = await gqlAs<{ sendLetter: { __typename: string } }>('manager', 'Staff#2026', 'mutation($i: SendLetterInput!) { sendLetter(input: $i) { __typename } }', {
      i: { recipientIds: [recipient], title: '周会安排 e2e', content: '<p>周五下午三点开会。<script>alert(1)</script></p>' },
    });
    expect(sent.data?.sendLetter).toEqual({ __typename: 'SendLetterPayload' });
    await expect.poll(count, { timeout: 15_000 }).toBe(before + 1);
    await expect(page.getByTestId('unread-count').innerText()).resolves.toBe(String(before + 1));

    // The badge leads to the letters.
    await badge.click();
    await page.waitForURL(/#\/notice\?tab=letters$/);
    const row = page.locator('[data-testid=notice-row]:visible').filter({ hasText: '周会安排 e2e' });
    await row.waitFor();
    await shot(page, 'notice-letters-zh');
    await row.click();
    await page.waitForURL(/#\/notification\/detail\//);
    const detail = page.getByTestId('notice-detail');
    await expect(detail.innerText()).resolves.toContain('周五下午三点开会。');
    await expect(detail.locator('script').count()).resolves.toBe(0);
    await expect.poll(count, { timeout: 10_000 }).toBe(before);
    await shot(page, 'notice-detail-zh');

    // Notices.
    await page.getByRole('button', { name: '返回' }).click();
    await page.getByTestId('tab-notices').click();
    await page.locator('[data-testid=notice-row]:visible').first().waitFor();
    await context.close();
  });
});

describe('log out', () => {
  it('clears the token and the user and goes to the plain login page from any page; guarded paths go back to the login page', async () => {
    const { context, page } = await newPage(browser);
    const requests: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/graphql')) requests.push(r.postDataJSON()?.operationName ?? '');
    });
    for (const route of ['/working', '/archives/list', '/notice']) {
      await login(page, 'lecturer', 'Staff#2026', `/login?redirect=${route}`);
      await page.waitForURL(new RegExp(`#${route}$`));
      await page.getByTestId('user-menu').click();
      await page.getByTestId('menu-logout').click();
      await page.getByRole('heading', { name: '账号登录' }).waitFor();
      // A deliberate logout carries no ?redirect= (not the page left, nor a late answer's).
      expect(hashPath(page)).toBe('/login');
      expect(await storedToken(page)).toBeUndefined();
      expect(await page.evaluate(() => localStorage.getItem('PC_user'))).toBeNull();
      await page.waitForTimeout(500);
      expect(hashPath(page)).toBe('/login');
      await expect(toast(page, '尚未登陆,请登录').count()).resolves.toBe(0);
    }
    expect(requests.filter((r) => r === 'UserMenuLogoutMutation')).toHaveLength(3);
    await shot(page, 'logout-zh');
    // After logout a guarded path still goes to the login page and back after login.
    await open(page, '/working');
    await page.waitForURL(/#\/login/);
    expect(hashPath(page)).toBe('/login?redirect=/working');
    await context.close();
  });
});

describe('request layer', () => {
  it('shows transport failures by status', async () => {
    const { context, page } = await newPage(browser);
    await login(page, 'partner', 'Staff#2026');
    const cases: Array<[number, string]> = [
      [502, '服务不可用...'],
      [504, '服务不可用...'],
      [500, '服务异常...'],
      [400, '服务异常...'],
      [404, '资源不存在...'],
    ];
    for (const [status, text] of cases) {
      // Only the language save fails (a background request, such as the unread stream reopening,
      // must not take the failure and let the save through).
      let failed = false;
      await page.route('**/graphql', (route) => {
        const op = (route.request().postDataJSON() as { operationName?: string } | null)?.operationName;
        if (failed || op !== 'TopBarSetLanguageMutation') return route.fallback();
        failed = true;
        return route.fulfill({ status, contentType: 'text/plain', body: 'down' });
      });
      // Switching the language saves it to the user; the failed save puts the language back.
      await page.getByTestId('lang-en').click();
      await toast(page, text).waitFor();
      await page.getByTestId('tag').filter({ hasText: '我的日历' }).waitFor();
      await toast(page, text).waitFor({ state: 'detached', timeout: 10_000 });
      await page.unroute('**/graphql');
    }
    await context.close();
  });

  it('refreshes an expired token once and retries the request: a GraphQL request, and a download from the legacy door', async () => {
    const { context, page } = await newPage(browser);
    await login(page, 'manager', 'Staff#2026');
    const first = await storedToken(page);
    // A second session whose first request after the expiry is a download (the course PDF).
    const other = await newPage(browser);
    await login(other.page, 'manager', 'Staff#2026');
    const otherFirst = await storedToken(other.page);
    // The e2e server issues 45-second tokens.
    await page.waitForTimeout(47_000);
    await page.getByTestId('lang-en').click();
    await page.getByTestId('tag').filter({ hasText: 'My Calendar' }).waitFor();
    await expect.poll(() => storedToken(page)).not.toBe(first);
    expect(hashPath(page)).toBe('/working');
    await page.getByTestId('lang-zh').click();
    await page.getByTestId('tag').filter({ hasText: '我的日历' }).waitFor();
    await page.reload();
    await page.getByTestId('top-bar').waitFor();
    expect(hashPath(page)).toBe('/working');
    await context.close();

    // The export page fetches the PDF at once with the expired token: refreshed, the file comes.
    const exportAnswers: string[] = [];
    other.page.on('response', (r) => {
      if (r.url().includes('/course/export.htm')) void r.headerValue('content-type').then((type) => exportAnswers.push(type ?? ''));
    });
    await open(other.page, '/course-export?id=1');
    await other.page.getByTestId('export-ready').waitFor();
    expect(await other.page.getByTestId('export-error').count()).toBe(0);
    await expect.poll(() => storedToken(other.page)).not.toBe(otherFirst);
    // The first answer said the token had expired (JSON), the retry brought the PDF.
    expect(exportAnswers.map((type) => (type.includes('json') ? 'json' : type))).toEqual(['json', 'application/pdf']);
    await other.context.close();
  });
});

describe('update check', () => {
  it('shows one notice titled 提示 when the served scripts change, without a close button', async () => {
    const distIndex = path.join(distDir(), 'index.html');
    const original = readFileSync(distIndex, 'utf8');
    const { context, page } = await newPage(browser);
    try {
      await login(page, 'admin', 'Admin#2026');
      await page.waitForTimeout(1500); // the first snapshot is taken when the page starts
      writeFileSync(distIndex, original.replace('</head>', '<script type="module" src="/assets/next-build.js"></script></head>'));
      const notice = page.getByTestId('update-notice');
      const appearedAfter = Date.now();
      await notice.waitFor({ timeout: 40_000 });
      // Polling every 10 s, then a 10 s delay.
      expect(Date.now() - appearedAfter).toBeGreaterThanOrEqual(9_000);
      await expect(notice.innerText()).resolves.toContain('提示');
      await expect(notice.innerText()).resolves.toContain('检测到系统更新，请刷新页面');
      await expect(notice.getByRole('button', { name: /关闭|close/i }).count()).resolves.toBe(0);
      await expect(page.getByTestId('update-notice').count()).resolves.toBe(1);
      await shot(page, 'update-notice-zh');
    } finally {
      writeFileSync(distIndex, original);
      await context.close();
    }
  });
});
