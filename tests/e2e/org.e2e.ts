/**
 * The organisation screens in a real browser (issue 20, first half): a manager adds a staff
 * member who then logs in, and deactivating them ends that session; an administrator grants a
 * role a right and its holder's menu changes; users add and detail; departments add, rename and
 * a refused delete; the operation log filtered. Pictures of each screen at 1440/1024/390 in both
 * languages (org-*.png in tests/e2e/screenshots/), axe on each.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gql } from './api.ts';
import { expectNoSeriousAxe, launch, login, newPage as rawNewPage, open, setLanguage, shootEverywhere, sidewaysOverflow, toast } from './browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

async function newPage(width = 1440) {
  const made = await rawNewPage(browser, { width });
  made.page.on('pageerror', (e) => console.error('pageerror:', e.message));
  return made;
}

const run = Math.random().toString(36).slice(2, 7);
/** The row menu act `act` (its key) of the row naming `text` in a DataTable `table`. */
async function rowAct(page: Page, table: string, text: string, act: string) {
  const row = page.getByTestId(`${table}-row`).filter({ hasText: text }).first();
  await row.getByTestId(`${table}-menu`).click();
  await page.getByTestId(`${table}-action-${act}`).click();
}

describe('staff', () => {
  it('a manager adds a staff member, who logs in; deactivating them ends that session', async () => {
    const { context, page } = await newPage();
    await login(page, 'manager', 'Staff#2026');
    await open(page, '/people/list');
    await page.getByTestId('staff-list').waitFor();
    await page.getByTestId('staff-table').waitFor();
    await page.getByTestId('staff-add').click();
    await page.getByTestId('staff-add-page').waitFor();
    // The form's own checks, under their fields.
    await page.getByTestId('staff-add-save').click();
    await expect.poll(() => page.getByTestId('staff-name-error').textContent()).toBe('请填写姓名');
    await page.getByTestId('staff-name').fill(`测试员工${run}`);
    await page.getByTestId('staff-nameEn').fill(`Tester ${run}`);
    await page.getByTestId('staff-account').fill(`e2e.staff.${run}`);
    // The administrator role is not offered to a manager; the hint names it.
    await expect.poll(() => page.getByTestId('staff-roles-hint').textContent()).toContain('不可选（含你没有的权限）：管理员');
    expect(await page.getByTestId('staff-role-admin').locator('input').isDisabled()).toBe(true);
    // Each role box toggles its own role (a regression: they shared one input id, so every label
    // toggled the first box, the administrator role, and the server refused).
    await page.getByTestId('staff-role-consultant').click();
    await expect.poll(() => page.getByTestId('staff-role-consultant').getAttribute('data-state')).toBe('checked');
    expect(await page.getByTestId('staff-role-admin').getAttribute('data-state')).toBe('unchecked');
    await page.getByTestId('staff-add-save').click();
    await page.locator('[data-testid=password-shown], [data-testid=staff-add-error]').first().waitFor();
    expect(
      await page.getByTestId('staff-add-error').count(),
      await page
        .getByTestId('staff-add-error')
        .allTextContents()
        .then((t) => t.join()),
    ).toBe(0);
    const password = (await page.getByTestId('password-value').textContent())!.trim();
    expect(password).toMatch(/^.{12}$/);
    await page.getByTestId('password-done').click();
    await page.getByTestId('staff-list').waitFor();

    // The new member logs in with the password shown once.
    const other = await newPage();
    await login(other.page, `e2e.staff.${run}`, password);
    await open(other.page, '/working');
    await other.page.getByTestId('top-bar').waitFor();

    // The manager finds and deactivates them; the dialog says what it ends.
    await open(page, `/people/list?q=${encodeURIComponent(`e2e.staff.${run}`)}`);
    await expect.poll(() => page.getByTestId('staff-total').textContent()).toMatch(/共 1 条|1 of 1/);
    await rowAct(page, 'staff-table', `测试员工${run}`, 'deactivate');
    await expect.poll(() => page.getByTestId('staff-deactivate-dialog').textContent()).toContain('所有登录立即结束');
    await page.getByTestId('staff-deactivate-dialog').getByRole('button', { name: '停用' }).click();
    await toast(page, '其登录已全部结束').waitFor();
    await expect.poll(() => page.getByTestId('staff-table').textContent()).toContain('已停用');

    // Their next request ends at the login page.
    await open(other.page, '/people/list');
    await other.page.reload();
    await other.page.locator('input[name=account]').waitFor();
    await other.context.close();

    // A failed list answers in the page with the translated message and a retry.
    let failed = 0;
    await page.route('**/graphql', async (route) => {
      const body = route.request().postDataJSON() as { operationName?: string } | null;
      if (!failed && body?.operationName === 'StaffListQuery') {
        failed++;
        return route.fulfill({ status: 500, contentType: 'text/plain', body: 'boom' });
      }
      return route.fallback();
    });
    await open(page, '/people/list?state=PART_TIME');
    await expect.poll(() => page.getByTestId('screen-error').textContent()).toContain('服务异常');
    await page.getByTestId('screen-error-retry').click();
    await page.getByTestId('staff-table').waitFor();
    await page.unroute('**/graphql');

    // The custom order: move the first row shown down one place and save.
    await open(page, '/people/list?state=FULL_TIME');
    await page.getByTestId('staff-table').waitFor();
    await page.getByTestId('staff-sort').click();
    const first = (await page.getByTestId('sort-row').first().textContent())!.trim();
    await page.getByTestId('sort-down').first().click();
    await expect.poll(async () => (await page.getByTestId('sort-row').nth(1).textContent())!.trim()).toBe(first);
    await page.getByTestId('staff-sort-save').click();
    await toast(page, '排序已保存').waitFor();

    const pictures = await shootEverywhere(page, 'org-staff-list', async (p) => {
      await open(p, '/people/list');
      await p.getByTestId('staff-table').waitFor();
      expect(await sidewaysOverflow(p)).toEqual([]);
    });
    pictures.push(
      ...(await shootEverywhere(page, 'org-staff-add', async (p) => {
        await open(p, '/people/add');
        await p.getByTestId('staff-add-page').waitFor();
        expect(await sidewaysOverflow(p)).toEqual([]);
      })),
    );
    pictures.push(
      ...(await shootEverywhere(
        page,
        'org-staff-deactivate',
        async (p) => {
          await open(p, `/people/list?q=${encodeURIComponent(`e2e.staff.${run}`)}`);
          await p.getByTestId('staff-table').waitFor();
          await rowAct(p, 'staff-table', `${run}`, 'activate');
          await p.getByTestId('staff-activate-dialog').waitFor();
        },
        { widths: [1440, 390] },
      )),
    );
    pictures.push(
      ...(await shootEverywhere(
        page,
        'org-staff-edit',
        async (p) => {
          await open(p, '/people/list');
          await p.getByTestId('staff-table-row').first().waitFor();
          await p.getByTestId('staff-table-menu').first().click();
          await p.getByTestId('staff-table-action-edit').click();
          await p.getByTestId('staff-edit-dialog').waitFor();
        },
        { widths: [1440, 390] },
      )),
    );
    pictures.push(
      ...(await shootEverywhere(
        page,
        'org-staff-sort',
        async (p) => {
          await open(p, '/people/list');
          await p.getByTestId('staff-sort').click();
          await p.getByTestId('staff-sort-dialog').waitFor();
        },
        { widths: [1440, 390] },
      )),
    );
    console.log('pictures:', pictures.join(', '));
    await context.close();
  });
});

describe('roles and rights', () => {
  it('an administrator grants a role a right and its holder’s menu changes', async () => {
    const made = await gql<{ saveRole: { role?: { id: string }; message?: string } }>('admin', 'mutation($i: SaveRoleInput!) { saveRole(input: $i) { ... on RolePayload { role { id } } ... on Error { message } } }', {
      i: { name: `测试角色${run}`, nameEn: `Test role ${run}`, code: `e2e${run}`, types: ['STAFF'] },
    });
    const roleId = made.saveRole.role!.id;
    const staff = await gql<{ createStaff: { user?: { id: string }; message?: string } }>(
      'admin',
      'mutation($i: CreateStaffInput!) { createStaff(input: $i) { ... on SavedPersonPayload { user { id } } ... on Error { message } } }',
      { i: { name: `角色测试${run}`, account: `e2e.role.${run}`, password: 'Holder#2026x', roleIds: [roleId] } },
    );
    expect(staff.createStaff.message).toBeUndefined();

    const holder = await newPage();
    await login(holder.page, `e2e.role.${run}`, 'Holder#2026x');
    await holder.page.getByTestId('top-bar').waitFor();
    await holder.page.waitForTimeout(500);
    expect(await holder.page.getByTestId('main-menu').locator('[data-menu-key=people]').count()).toBe(0);

    const { context, page } = await newPage();
    await login(page, 'admin', 'Admin#2026');
    await open(page, `/role-control/list?q=${encodeURIComponent(`e2e${run}`)}`);
    await expect.poll(() => page.getByTestId('role-total').textContent()).toMatch(/共 1 条|1 of 1/);
    await rowAct(page, 'role-table', `测试角色${run}`, 'permission');
    await page.getByTestId('role-permission').waitFor();
    await page.getByTestId('right-people.list').click();
    await page.getByTestId('permission-save').click();
    await toast(page, `已保存“测试角色${run}”的权限`).waitFor();

    // The holder's next page load has the 人员 section with the staff list.
    await holder.page.reload();
    await holder.page.getByTestId('main-menu').locator('[data-menu-key=people]').waitFor();
    await open(holder.page, '/people/list');
    await holder.page.getByTestId('staff-table').waitFor();
    await holder.context.close();

    // In English the trees and the role read English (names from the server in the viewer's language).
    await setLanguage(page, 'en');
    await open(page, `/role-control/permission/${encodeURIComponent(roleId)}`);
    await page.getByTestId('right-tree').waitFor();
    for (const tab of ['pc', 'nav', 'fn', 'open', 'filed']) {
      await page.getByTestId(`permission-tab-${tab}`).click();
      expect(await page.getByTestId('role-permission').innerText()).not.toMatch(/[\u4e00-\u9fff]/);
    }
    await setLanguage(page, 'zh');

    // The administrator role is shown locked, with the reason.
    const pictures = await shootEverywhere(page, 'org-role-list', async (p) => {
      await open(p, '/role-control/list');
      await p.getByTestId('role-table').waitFor();
      expect(await sidewaysOverflow(p)).toEqual([]);
    });
    pictures.push(
      ...(await shootEverywhere(page, 'org-role-permission', async (p) => {
        await open(p, `/role-control/permission/${encodeURIComponent(roleId)}`);
        await p.getByTestId('right-tree').waitFor();
        expect(await sidewaysOverflow(p)).toEqual([]);
      })),
    );
    console.log('pictures:', pictures.join(', '));
    await context.close();
  });
});

describe('departments', () => {
  it('adds, renames, and is refused deleting a department that holds staff', async () => {
    const { context, page } = await newPage();
    await login(page, 'manager', 'Staff#2026');
    await open(page, '/people/department');
    await page.getByTestId('dept-tree').waitFor();
    await page.getByTestId('dept-add').click();
    await page.getByTestId('dept-name').fill(`测试部门${run}`);
    await page.getByTestId('dept-save').click();
    await toast(page, '保存成功').waitFor();
    const row = page.getByTestId('dept-row').filter({ hasText: `测试部门${run}` });
    await row.waitFor();
    await row.getByTestId('dept-menu').click();
    await page.getByTestId('dept-action-rename').click();
    await page.getByTestId('dept-name').fill(`测试部门${run}改`);
    await page.getByTestId('dept-save').click();
    await page
      .getByTestId('dept-row')
      .filter({ hasText: `测试部门${run}改` })
      .waitFor();

    // A department with staff: the server's refusal names it, in the dialog.
    const held = page.getByTestId('dept-row').filter({ hasNotText: '0人' }).first();
    const heldName = (await held.locator('p').first().textContent())!.trim();
    await held.getByTestId('dept-menu').click();
    await page.getByTestId('dept-action-delete').click();
    await page.getByTestId('dept-delete-dialog').getByRole('button', { name: '删除' }).click();
    await expect.poll(() => page.getByTestId('dept-delete-dialog').textContent()).toContain(`部门“${heldName}”`);
    await page.keyboard.press('Escape');

    // The empty one goes.
    await page
      .getByTestId('dept-row')
      .filter({ hasText: `测试部门${run}改` })
      .getByTestId('dept-menu')
      .click();
    await page.getByTestId('dept-action-delete').click();
    await page.getByTestId('dept-delete-dialog').getByRole('button', { name: '删除' }).click();
    await toast(page, `已删除部门“测试部门${run}改”`).waitFor();

    const pictures = await shootEverywhere(page, 'org-departments', async (p) => {
      await open(p, '/people/department');
      await p.getByTestId('dept-tree').waitFor();
      expect(await sidewaysOverflow(p)).toEqual([]);
    });
    pictures.push(
      ...(await shootEverywhere(
        page,
        'org-department-dialog',
        async (p) => {
          await open(p, '/people/department');
          await p.getByTestId('dept-add').click();
          await p.getByTestId('dept-dialog').waitFor();
        },
        { widths: [1440, 390] },
      )),
    );
    console.log('pictures:', pictures.join(', '));
    await context.close();
  });
});

describe('users', () => {
  it('adds a student, opens the detail with relations, and a delete is refused by name while an archive holds the person', async () => {
    const { context, page } = await newPage();
    await login(page, 'manager', 'Staff#2026');
    await open(page, '/user-manage/list');
    await page.getByTestId('user-table').waitFor();
    await page.getByTestId('user-add').click();
    await page.getByTestId('user-add-page').waitFor();
    await page.getByTestId('user-name').fill(`测试学生${run}`);
    await page.getByTestId('user-account').fill(`e2e.stu.${run}`);
    await page.getByTestId('user-add-save').click();
    await page.locator('[data-testid=password-shown], [data-testid=user-add-error]').first().waitFor();
    expect(
      await page.getByTestId('user-add-error').count(),
      await page
        .getByTestId('user-add-error')
        .allTextContents()
        .then((t) => t.join()),
    ).toBe(0);
    await expect.poll(async () => (await page.getByTestId('password-value').textContent())?.trim().length).toBe(12);
    await page.getByTestId('password-done').click();
    await page.getByTestId('user-detail').waitFor();
    await expect.poll(() => page.getByTestId('user-detail-name').textContent()).toBe(`测试学生${run}`);
    await expect.poll(() => page.getByTestId('user-detail-account').textContent()).toBe(`e2e.stu.${run}`);
    // The tab names the person.
    await page
      .getByTestId('tag')
      .filter({ hasText: `测试学生${run}` })
      .waitFor();
    await page.getByTestId('user-relations').waitFor();

    const pictures = await shootEverywhere(page, 'org-user-detail', async (p) => {
      await p.getByTestId('user-relations').waitFor();
      expect(await sidewaysOverflow(p)).toEqual([]);
    });

    // A seeded student holds an archive: the refusal names them.
    await open(page, '/user-manage/list');
    const first = page.getByTestId('user-table-row').first();
    await first.waitFor();
    await first.getByTestId('user-table-menu').click();
    await page.getByTestId('user-table-action-delete').click();
    await page.getByTestId('user-delete-dialog').getByRole('button', { name: '删除' }).click();
    await expect.poll(() => page.getByTestId('user-delete-dialog').textContent()).toMatch(/用户“.+”.*无法删除/);
    await page.keyboard.press('Escape');

    // The new student holds nothing: the delete goes through.
    await open(page, `/user-manage/list?q=${encodeURIComponent(`e2e.stu.${run}`)}`);
    await expect.poll(() => page.getByTestId('user-total').textContent()).toMatch(/共 1 条|1 of 1/);
    await rowAct(page, 'user-table', `测试学生${run}`, 'delete');
    await page.getByTestId('user-delete-dialog').getByRole('button', { name: '删除' }).click();
    await toast(page, `已删除用户“测试学生${run}”`).waitFor();

    pictures.push(
      ...(await shootEverywhere(page, 'org-user-list', async (p) => {
        await open(p, '/user-manage/list');
        await p.getByTestId('user-table-row').first().waitFor();
        expect(await sidewaysOverflow(p)).toEqual([]);
      })),
    );
    pictures.push(
      ...(await shootEverywhere(page, 'org-user-add', async (p) => {
        await open(p, '/user-manage/add');
        await p.getByTestId('user-add-page').waitFor();
        expect(await sidewaysOverflow(p)).toEqual([]);
      })),
    );
    console.log('pictures:', pictures.join(', '));
    await context.close();
  });
});

describe('operation log and member accounts', () => {
  it('filters the operation log by operation and who, and opens an entry', async () => {
    // A write to find: an administrator saves a department (it lands in the log as department.save).
    await gql('admin', 'mutation($i: SaveDepartmentInput!) { saveDepartment(input: $i) { __typename } }', { i: { name: `日志部门${run}` } });
    const { context, page } = await newPage();
    await login(page, 'admin', 'Admin#2026');
    await open(page, '/operation-log?operation=department.');
    await page.getByTestId('log-table-row').first().waitFor();
    // The operation in people's words (保存部门), never the developer's name.
    const ops = await page.getByTestId('log-table-row').locator('td:nth-child(2)').allTextContents();
    expect(ops.length).toBeGreaterThan(0);
    for (const op of ops) expect(op).not.toMatch(/department\./);
    expect(ops).toContain('保存部门');
    // Who: the chip shows the filter; the rows are the administrator's.
    await page.getByTestId('log-filters-search').fill('陈立新');
    await page.getByTestId('log-filters-search').press('Enter');
    await expect.poll(() => page.getByTestId('log-filters').textContent()).toContain('陈立新');
    await page.getByTestId('log-table-row').first().getByTestId('log-table-menu').click();
    await page.getByTestId('log-table-action-open').click();
    await expect.poll(() => page.getByTestId('log-entry').textContent()).toContain('department.save');
    // The detail is everything the log keeps, as labelled facts, with the request id of the write.
    const entry = page.getByTestId('log-entry');
    for (const label of ['时间', '操作', '结果', '操作人', '对象类型', '对象编号', '来源', '请求编号']) await expect.poll(() => entry.textContent()).toContain(label);
    await expectNoSeriousAxe(page, 'operation log entry');
    await page.keyboard.press('Escape');

    const pictures = await shootEverywhere(page, 'org-operation-log', async (p) => {
      await open(p, '/operation-log');
      await p.getByTestId('log-table').waitFor();
      expect(await sidewaysOverflow(p)).toEqual([]);
    });
    pictures.push(
      ...(await shootEverywhere(
        page,
        'org-operation-log-entry',
        async (p) => {
          await open(p, '/operation-log?operation=department.');
          await p.getByTestId('log-table-row').first().waitFor();
          await p.getByTestId('log-table-row').first().getByTestId('log-table-menu').click();
          await p.getByTestId('log-table-action-open').click();
          await p.getByTestId('log-entry').waitFor();
        },
        { widths: [1440, 390] },
      )),
    );
    console.log('pictures:', pictures.join(', '));
    await context.close();
  });

  it('names the target, translates refusals and shows a change before and after, in both languages', async () => {
    // An archive whose bio the administrator changes, and a refused write of a consultant.
    const made = await gql<{ createArchive: { archive: { id: string } } }>('admin', 'mutation($i: CreateArchiveInput!) { createArchive(input: $i) { ... on ArchivePayload { archive { id } } } }', {
      i: { surName: '唐', name: `明轩${run}`, grade: 8, year: 2027 },
    });
    const bio = 'mutation($i: SaveArchiveBioInput!) { saveArchiveBio(input: $i) { __typename } }';
    await gql('admin', bio, { i: { archiveId: made.createArchive.archive.id, phone: '13812345678' } });
    await gql('admin', bio, { i: { archiveId: made.createArchive.archive.id, phone: '13987654321', enName: `Tommy${run}` } });
    await gql('consultant', 'mutation($i: SaveDepartmentInput!) { saveDepartment(input: $i) { __typename } }', { i: { name: `拒绝${run}` } });
    const { context, page } = await newPage();
    await login(page, 'admin', 'Admin#2026');
    await open(page, '/operation-log?operation=archive.bio');
    const row = page
      .getByTestId('log-table-row')
      .filter({ hasText: `唐明轩${run}的档案` })
      .first();
    await row.waitFor();
    expect(await row.textContent()).toContain('保存学员信息');
    expect(await page.locator('th').allTextContents()).toContain('来源');
    await row.getByTestId('log-table-menu').click();
    await page.getByTestId('log-table-action-open').click();
    const change = page.getByTestId('log-change').filter({ hasText: '手机' });
    await expect.poll(() => change.textContent()).toContain('13812345678');
    expect(await change.textContent()).toContain('13987654321');
    await expectNoSeriousAxe(page, 'operation log entry with changes');
    await page.keyboard.press('Escape');
    // A refusal reads 没有权限, not FORBIDDEN.
    await open(page, '/operation-log?operation=department.&outcome=FAILURE');
    const refused = page.getByTestId('log-table-row').first();
    await refused.waitFor();
    await expect.poll(() => refused.textContent()).toContain('没有权限');
    expect(await refused.textContent()).not.toContain('FORBIDDEN');
    // English: the same entry in English words, the target by its English name.
    await setLanguage(page, 'en');
    await open(page, '/operation-log?operation=archive.bio');
    const enRow = page
      .getByTestId('log-table-row')
      .filter({ hasText: `Tommy${run}` })
      .first();
    await enRow.waitFor();
    expect(await enRow.textContent()).toContain('Saved Student bio');
    expect(await enRow.textContent()).toContain("'s archive");
    expect(await enRow.textContent()).not.toContain('唐');
    expect(await page.locator('th').allTextContents()).toContain('Source');
    await enRow.getByTestId('log-table-menu').click();
    await page.getByTestId('log-table-action-open').click();
    await expect.poll(() => page.getByTestId('log-change').filter({ hasText: 'Mobile phone' }).textContent()).toContain('13987654321');
    await page.screenshot({ path: 'tests/e2e/screenshots/org-operation-log-changes-en-1440.png' });
    await page.keyboard.press('Escape');
    await setLanguage(page, 'zh');
    await open(page, '/operation-log?operation=archive.bio');
    await page
      .getByTestId('log-table-row')
      .filter({ hasText: `唐明轩${run}的档案` })
      .first()
      .getByTestId('log-table-menu')
      .click();
    await page.getByTestId('log-table-action-open').click();
    await page.getByTestId('log-change').first().waitFor();
    await page.screenshot({ path: 'tests/e2e/screenshots/org-operation-log-changes-zh-1440.png' });
    await context.close();
  });

  it('a manager adds a partner-company contact', async () => {
    const { context, page } = await newPage();
    await login(page, 'manager', 'Staff#2026');
    await open(page, '/member');
    await page.getByTestId('member-table').waitFor();
    await page.getByTestId('member-add').click();
    await page.getByTestId('member-name').fill(`联系人${run}`);
    await page.getByTestId('member-companyName').fill(`测试公司${run}`);
    await page.getByTestId('member-save').click();
    await toast(page, '保存成功').waitFor();
    await open(page, `/member?q=${encodeURIComponent(`联系人${run}`)}`);
    await expect.poll(() => page.getByTestId('member-total').textContent()).toMatch(/共 1 条|1 of 1/);
    const pictures = await shootEverywhere(page, 'org-member', async (p) => {
      await open(p, '/member');
      await p.getByTestId('member-table').waitFor();
      expect(await sidewaysOverflow(p)).toEqual([]);
    });
    console.log('pictures:', pictures.join(', '));
    await context.close();
  });
});

describe('issue 20 gaps: user scopes, skill stacks, project paging', () => {
  it('narrows the student list to one consultant’s students, then one lecturer’s', async () => {
    type People = { people: { totalCount: number; edges: Array<{ node: { databaseId: number; account: string | null } }> } };
    const staff = await gql<People>('manager', '{ people(filter: { scope: CONSULTANT }, first: 100) { totalCount edges { node { databaseId account } } } }');
    const consultantId = staff.people.edges.find((e) => e.node.account === 'consultant')!.node.databaseId;
    const mine = await gql<People>('manager', 'query($f: UserFilter) { people(filter: $f, first: 1) { totalCount edges { node { databaseId account } } } }', { f: { type: 'STUDENT', consultantId } });
    const all = await gql<People>('manager', '{ people(filter: { type: STUDENT }, first: 1) { totalCount edges { node { databaseId account } } } }');
    expect(mine.people.totalCount).toBeGreaterThan(0);
    expect(mine.people.totalCount).toBeLessThan(all.people.totalCount);

    const { context, page } = await newPage();
    await login(page, 'manager', 'Staff#2026');
    await open(page, '/user-manage/list');
    await page.getByTestId('user-table-row').first().waitFor();
    await expect.poll(() => page.getByTestId('user-total').textContent()).toContain(String(all.people.totalCount));
    await page.getByTestId('filter-consultant').selectOption(String(consultantId));
    await expect.poll(() => page.getByTestId('user-total').textContent()).toMatch(new RegExp(`共 ${mine.people.totalCount} 条`));
    expect(page.url()).toContain(`consultant=${consultantId}`);

    const lecturers = await gql<People>('manager', '{ people(filter: { scope: LECTURER }, first: 100) { edges { node { databaseId account } } } }');
    const lecturerId = lecturers.people.edges.find((e) => e.node.account === 'lecturer')!.node.databaseId;
    const both = await gql<People>('manager', 'query($f: UserFilter) { people(filter: $f, first: 1) { totalCount edges { node { databaseId account } } } }', { f: { type: 'STUDENT', consultantId, lecturerId } });
    await page.getByTestId('filter-lecturer').selectOption(String(lecturerId));
    await expect.poll(() => page.getByTestId('user-total').textContent()).toMatch(new RegExp(`共 ${both.people.totalCount} 条`));

    const pictures = await shootEverywhere(
      page,
      'org-user-list-scopes',
      async (p) => {
        await open(p, `/user-manage/list?consultant=${consultantId}`);
        await p.getByTestId('user-table-row').first().waitFor();
        expect(await sidewaysOverflow(p)).toEqual([]);
      },
      { widths: [1440, 390] },
    );
    console.log('pictures:', pictures.join(', '));
    await context.close();
  });

  it('the skill-stack view lists the projects using a stack, from the menu and from the task dialog', async () => {
    type Stacks = { skillStacks: Array<{ databaseId: number; name: string; taskCount: number }> };
    const stacks = await gql<Stacks>('admin', '{ skillStacks { databaseId name taskCount } }');
    const used = stacks.skillStacks.find((s) => s.taskCount > 0)!;
    const usage = await gql<{ skillStack: { projects: Array<{ project: { code: string } }> } }>('admin', 'query($id: Int!) { skillStack(databaseId: $id) { projects { project { code } } } }', { id: used.databaseId });
    const codes = usage.skillStack.projects.map((p) => p.project.code);
    expect(codes.length).toBeGreaterThan(0);

    const { context, page } = await newPage();
    await login(page, 'admin', 'Admin#2026');
    // The menu entry (任务 › 技能栈) opens the screen.
    await open(page, '/mission/task-list');
    await page.getByTestId('sidebar').locator('[data-menu-key="task.skillStack"]').click();
    await page.getByTestId('skill-stack').waitFor();
    await page.getByTestId('skill-stack-select').selectOption(String(used.databaseId));
    await expect.poll(() => page.getByTestId('skill-projects-row').count()).toBe(codes.length);
    const shown = await page.getByTestId('skill-projects').textContent();
    for (const code of codes) expect(shown).toContain(code);
    await expect.poll(() => page.getByTestId('skill-domain').textContent()).toContain(used.name);

    // The task dialog's skill-stack link loads the same view and leads to the page.
    const tasks = await gql<{ tasks: { edges: Array<{ node: { databaseId: number; skillStack: { databaseId: number } | null } }> } }>(
      'admin',
      '{ tasks(first: 200) { edges { node { databaseId skillStack { databaseId } } } } }',
    );
    const task = tasks.tasks.edges.map((e) => e.node).find((n) => n.skillStack)!;
    await open(page, `/mission/details/${task.databaseId}`);
    await page.getByTestId('detail-skill').click();
    const dialog = page.getByTestId('skill-stack-dialog');
    await dialog.getByTestId('skill-domain').waitFor();
    await expectNoSeriousAxe(page, 'skill-stack dialog');
    await dialog.getByTestId('skill-stack-page').click();
    await page.getByTestId('skill-stack').waitFor();
    expect(decodeURIComponent(page.url())).toContain(`/mission/skill-stack?stack=${task.skillStack!.databaseId}`);

    const pictures = await shootEverywhere(
      page,
      'org-skill-stack',
      async (p) => {
        await open(p, `/mission/skill-stack?stack=${used.databaseId}`);
        await p.getByTestId('skill-projects-row').first().waitFor();
        expect(await sidewaysOverflow(p)).toEqual([]);
      },
      { widths: [1440, 390] },
    );
    console.log('pictures:', pictures.join(', '));
    await context.close();
  });

  it('a member’s timeline shows 5 entries and loads the earlier ones', async () => {
    const made = await gql<{ createProject: { project?: { id: string } } }>('admin', 'mutation($i: CreateProjectInput!) { createProject(input: $i) { ... on ProjectPayload { project { id } } } }', {
      i: { name: `分页项目${run}` },
    });
    const projectId = made.createProject.project!.id;
    const staff = await gql<{ people: { edges: Array<{ node: { id: string } }> } }>('admin', '{ people(filter: { scope: CONSULTANT }, first: 1) { edges { node { id } } } }');
    const timeline = Array.from({ length: 12 }, (_, i) => ({ happenedOn: `2026-03-${String(i + 1).padStart(2, '0')}`, content: `记录${i + 1}` }));
    await gql('admin', 'mutation($i: SaveProjectMemberInput!) { saveProjectMember(input: $i) { __typename } }', { i: { projectId, userId: staff.people.edges[0]!.node.id, duty: '顾问', timeline } });

    const { context, page } = await newPage();
    await login(page, 'admin', 'Admin#2026');
    await open(page, `/project/detail/${encodeURIComponent(projectId)}`);
    await page.getByTestId('member-row').first().waitFor();
    await expect.poll(() => page.getByTestId('timeline-entry').count()).toBe(5);
    expect(await page.getByTestId('timeline-entry').first().textContent()).toContain('记录12');
    await page.getByTestId('timeline-more').click();
    await expect.poll(() => page.getByTestId('timeline-entry').count()).toBe(12);
    expect(await page.getByTestId('timeline-more').count()).toBe(0);
    // An earlier entry deleted leaves the list; an entry added shows at the top (the save answers the first page again).
    await page.getByTestId('timeline-entry').filter({ hasText: '记录3' }).getByRole('button', { name: '删除这条时间线' }).click();
    await expect.poll(() => page.getByTestId('timeline-entry').count()).toBe(11);
    await page.getByTestId('timeline-add').click();
    await page.getByTestId('timeline-dialog').locator('input[aria-label="日期"]').fill('2026-04-01');
    await page.getByTestId('timeline-content').fill(`新记录${run}`);
    await page.getByTestId('timeline-save').click();
    await expect.poll(() => page.getByTestId('timeline-entry').first().textContent()).toContain(`新记录${run}`);
    // Nothing loaded earlier drops out when the new entry pushes one out of the first page.
    await expect.poll(() => page.getByTestId('timeline-entry').count()).toBe(12);
    await expect.poll(() => page.getByTestId('members-more-shown').textContent()).toMatch(/1/);

    const pictures = await shootEverywhere(
      page,
      'org-project-detail-paged',
      async (p) => {
        await open(p, `/project/detail/${encodeURIComponent(projectId)}`);
        await p.getByTestId('timeline-entry').first().waitFor();
        expect(await sidewaysOverflow(p)).toEqual([]);
      },
      { widths: [1440, 390] },
    );
    console.log('pictures:', pictures.join(', '));

    // Members come 15 first, then 30 a click: 16 more staff make 17.
    const more = await gql<{ people: { edges: Array<{ node: { id: string } }> } }>('admin', '{ people(filter: { type: STAFF, activeOnly: true }, first: 30) { edges { node { id } } } }');
    const others = more.people.edges.map((e) => e.node.id).filter((id) => id !== staff.people.edges[0]!.node.id);
    expect(others.length).toBeGreaterThanOrEqual(16);
    for (const userId of others.slice(0, 16)) await gql('admin', 'mutation($i: SaveProjectMemberInput!) { saveProjectMember(input: $i) { __typename } }', { i: { projectId, userId, duty: '成员' } });
    await page.reload();
    await page.getByTestId('member-row').first().waitFor();
    await expect.poll(() => page.getByTestId('member-row').count()).toBe(15);
    await expect.poll(() => page.getByTestId('members-more-shown').textContent()).toMatch(/17\D+15/);
    await page.getByTestId('members-more').click();
    await expect.poll(() => page.getByTestId('member-row').count()).toBe(17);
    expect(await page.getByTestId('members-more').count()).toBe(0);
    await context.close();
  });
});
