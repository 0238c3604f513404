/**
 * The course PDF (the /course-export screen) and the course log export, opened as a person
 * would: poppler's `pdftotext` reads the PDF and finds the course name and a student's name in
 * Chinese; exceljs reads the xlsx. Only people who see the course get it.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, rest, type TestApp } from '../../helpers/app.ts';
import { login } from './support.ts';

let t: TestApp;
let tmp: string;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  tmp = await mkdtemp(path.join(os.tmpdir(), 'bo-course-pdf-'));
  admin = await login(t, 'admin');
});
afterAll(async () => {
  await t?.close();
  await rm(tmp, { recursive: true, force: true });
});

async function pdfText(token: string, courseId: number): Promise<string> {
  const res = await t.app.fetch(new Request(`http://test.local/api/admin/course/export.htm?id=${courseId}`, { headers: { 'x-token': token } }));
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('application/pdf');
  expect(res.headers.get('content-disposition')).toMatch(/^attachment;.*filename\*=UTF-8''C00001-SSAT/);
  const file = path.join(tmp, `${courseId}-${Date.now()}.pdf`);
  await writeFile(file, Buffer.from(await res.arrayBuffer()));
  const { stdout } = await promisify(execFile)('pdftotext', ['-layout', '-enc', 'UTF-8', file, '-']);
  return stdout;
}

describe('course export', () => {
  it('a PDF of the course with its lessons and students that a PDF reader renders in Chinese', async () => {
    const course = await t.db.course.findUniqueOrThrow({ where: { no: 'C00001' }, include: { enrollments: { include: { student: true } } } });
    const demo = course.enrollments.find((e) => e.student.account === 'student.demo')!;
    const text = await pdfText(admin, course.id);
    expect(text).toContain('SSAT 冲刺班（周末）');
    expect(text).toContain('课程报告');
    expect(text).toContain('学员、课时与出勤');
    expect(text).toContain(demo.student.name);
    for (const e of course.enrollments) expect(text).toContain(e.student.name);
    // The lecturer sees it too, in English when that is their language.
    const lecturer = await login(t, 'lecturer');
    await t.db.user.update({ where: { account: 'lecturer' }, data: { language: 1 } });
    const english = await pdfText(lecturer, course.id);
    expect(english).toContain('Students, hours and attendance');
    expect(english).toContain('SSAT 冲刺班（周末）');
  });

  it('a family gets only their own child in it; someone who does not see the course gets a refusal', async () => {
    const course = await t.db.course.findUniqueOrThrow({ where: { no: 'C00001' }, include: { enrollments: { include: { student: true } } } });
    const parent = await t.db.user.findUniqueOrThrow({ where: { account: 'parent.demo' } });
    const text = await pdfText(await login(t, 'parent.demo'), course.id);
    const own = course.enrollments.filter((e) => e.student.parentId === parent.id);
    expect(own.length).toBeGreaterThan(0);
    for (const e of own) expect(text).toContain(e.student.name);
    for (const e of course.enrollments.filter((x) => x.student.parentId !== parent.id)) expect(text).not.toContain(e.student.name);
    const refused = await rest(t, `/api/admin/course/export.htm?id=${course.id}`, { token: await login(t, 'sales') });
    expect(refused.body).toMatchObject({ status: 'error', message: '数据不存在' });
  });

  it('the course log as xlsx (getExportCourseWorkDaily): a row per lesson with its attendance', async () => {
    const course = await t.db.course.findUniqueOrThrow({ where: { no: 'C00001' }, include: { _count: { select: { lessons: true } } } });
    const res = await t.app.fetch(
      new Request('http://test.local/api/admin/work/daily/getExportCourseWorkDaily.htm', {
        method: 'POST',
        headers: { 'x-token': admin, 'content-type': 'application/json' },
        body: JSON.stringify({ condition: { courseId: course.id } }),
      }),
    );
    expect(res.headers.get('content-type')).toMatch(/spreadsheetml/);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(await res.arrayBuffer());
    const ws = wb.worksheets[0]!;
    expect(ws.getRow(1).values).toEqual([undefined, '课程', '日期', '时间', '教室', '讲师', '学员数', '已签到', '请假', '未签到']);
    expect(ws.rowCount - 1).toBe(course._count.lessons);
    expect(ws.getRow(2).getCell(1).value).toBe('SSAT 冲刺班（周末）');
    expect(ws.getRow(2).getCell(4).value).toBe('培训教室 B');
  });
});
