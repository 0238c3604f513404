/**
 * The course PDF (the `/course-export` screen): details, the lesson calendar and the
 * enrolled students with hours and attendance, in the caller's language and time zone.
 * pdfkit lays it out; Chinese text is set in Noto Sans SC (a TTF shipped by the npm package
 * @expo-google-fonts/noto-sans-sc, subset into the file by pdfkit), so the server needs no
 * system font.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { ServiceContext } from '../../context.ts';
import { translate, type MessageKey } from '../../i18n/catalogue.ts';
import { wallText } from '../../lib/wall-time.ts';
import { dbId, inputOf, z, type Parsed } from '../../lib/validate.ts';
import { authorize, requireActor } from '../../policy.ts';
import { visibleEnrollmentsWhere } from './courses.policy.ts';
import { loadVisibleCourse } from './service/access.ts';
import { attendanceCounts } from './service/reports.ts';
import { ATTENDANCE_STATES, COURSE_SITES, COURSE_TYPES, hours } from './service/rules.ts';

const require = createRequire(import.meta.url);
const fonts: { regular?: Buffer; bold?: Buffer } = {};
function font(weight: 'regular' | 'bold'): Buffer {
  const file = weight === 'regular' ? '400Regular/NotoSansSC_400Regular.ttf' : '700Bold/NotoSansSC_700Bold.ttf';
  fonts[weight] ??= readFileSync(require.resolve(`@expo-google-fonts/noto-sans-sc/${file}`));
  return fonts[weight];
}

/** Renders the course report; answers the file name and the PDF bytes. */
export const coursePdfInput = z.object({ id: dbId() });

export async function coursePdf(ctx: ServiceContext, parsed: Parsed<z.output<typeof coursePdfInput>>): Promise<{ fileName: string; bytes: Buffer }> {
  const actor = authorize(ctx, 'course.read');
  const { id } = inputOf(parsed);
  const course = await loadVisibleCourse(ctx.db, actor, id);
  const zone = requireActor(ctx).timeZone;
  const [lecturers, lessons, enrollments] = await Promise.all([
    ctx.db.user.findMany({ where: { id: { in: course.lecturerIds } }, select: { name: true, nameEn: true }, orderBy: { id: 'asc' } }),
    ctx.db.courseLesson.findMany({ where: { courseId: course.id }, include: { event: { select: { title: true, startAt: true, endAt: true, placeId: true } } }, orderBy: { event: { startAt: 'asc' } } }),
    ctx.db.enrollment.findMany({
      where: { AND: [{ courseId: course.id }, visibleEnrollmentsWhere(actor)] },
      include: { student: { select: { name: true, nameEn: true } }, attendances: { select: { state: true } } },
      orderBy: { id: 'asc' },
    }),
  ]);
  const rooms = new Map(
    (await ctx.db.classroom.findMany({ where: { id: { in: lessons.map((l) => l.event.placeId).filter((p): p is number => p !== null) } }, select: { id: true, name: true } })).map((r) => [r.id, r.name]),
  );
  const counts = await attendanceCounts(
    ctx,
    lessons.map((l) => l.eventId),
  );
  const t = (key: MessageKey, params?: Record<string, string | number>) => translate(ctx.lang, key, params);
  const personName = (p: { name: string; nameEn: string | null }) => (ctx.lang === 'en' && p.nameEn ? `${p.nameEn} (${p.name})` : p.name);

  // pdfkit is loaded when a PDF is made, not at start (docs/performance.md, "Cold start").
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({ size: 'A4', margin: 48, info: { Title: course.name, Creator: 'Back office' } });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.registerFont('body', font('regular'));
  doc.registerFont('bold', font('bold'));
  const heading = (text: string) => doc.moveDown(0.8).font('bold').fontSize(13).text(text).moveDown(0.3).font('body').fontSize(10);
  const row = (cells: string[], widths: number[], bold = false) => {
    const y = doc.y;
    let x = doc.page.margins.left;
    let height = 0;
    doc.font(bold ? 'bold' : 'body').fontSize(9.5);
    cells.forEach((cell, i) => {
      const w = widths[i]!;
      height = Math.max(height, doc.heightOfString(cell, { width: w - 6 }));
      doc.text(cell, x, y, { width: w - 6 });
      x += w;
    });
    doc.x = doc.page.margins.left;
    doc.y = y + height + 4;
    if (doc.y > doc.page.height - doc.page.margins.bottom - 30) doc.addPage();
  };

  doc.font('bold').fontSize(18).text(course.name);
  doc
    .font('body')
    .fontSize(10)
    .fillColor('#555')
    .text(`${t('course.pdf.title')} · ${t('course.pdf.generated', { time: wallText(new Date(), zone).slice(0, 16) })}`)
    .fillColor('black');

  heading(t('course.pdf.details'));
  const details: Array<[MessageKey, string]> = [
    ['course.pdf.no', course.no],
    ['course.pdf.type', t(course.type === COURSE_TYPES.RETAIL ? 'course.type.retail' : 'course.type.application')],
    ['course.pdf.site', t(course.site === COURSE_SITES.ONLINE ? 'course.site.online' : 'course.site.offline')],
    ['course.pdf.place', [course.classroom?.name, course.place].filter(Boolean).join(' · ') || t('course.pdf.none')],
    ['course.report.lecturers', lecturers.map(personName).join(', ') || t('course.pdf.none')],
    ['course.pdf.duration', t('course.pdf.minutes', { n: course.durationMin })],
    ['course.pdf.plan', t('course.pdf.planValue', { total: course.totalNumber, week: course.everyWeekNumber })],
  ];
  for (const [label, value] of details) row([t(label), value], [130, 369]);

  heading(t('course.pdf.lessons'));
  const lessonWidths = [90, 80, 110, 219];
  row([t('course.report.date'), t('course.report.time'), t('course.report.classroom'), t('course.pdf.attendance')], lessonWidths, true);
  if (!lessons.length) row([t('course.pdf.none')], [499]);
  for (const l of lessons) {
    const begin = wallText(l.event.startAt, zone);
    const end = wallText(l.event.endAt, zone);
    const c = counts.get(l.eventId) ?? { taken: 0, leave: 0, untaken: 0, total: 0 };
    row([begin.slice(0, 10), `${begin.slice(11, 16)}-${end.slice(11, 16)}`, l.event.placeId ? (rooms.get(l.event.placeId) ?? '') : '', `${c.taken} / ${c.leave} / ${c.untaken}`], lessonWidths);
  }

  heading(t('course.pdf.students'));
  const studentWidths = [170, 130, 199];
  row([t('course.pdf.student'), t('course.pdf.hours'), t('course.pdf.attendance')], studentWidths, true);
  if (!enrollments.length) row([t('course.pdf.none')], [499]);
  for (const e of enrollments) {
    const by = (s: number) => e.attendances.filter((a) => a.state === s).length;
    row([personName(e.student), `${hours(e.totalHours)} / ${hours(e.remainingHours)}`, `${by(ATTENDANCE_STATES.TAKEN)} / ${by(ATTENDANCE_STATES.LEAVE)} / ${by(ATTENDANCE_STATES.UNTAKEN)}`], studentWidths);
  }
  doc.end();
  return { fileName: `${course.no}-${course.name}.pdf`, bytes: await done };
}
