import type { Prisma } from '../../generated/prisma/client.ts';
import type { ModuleSeeder } from '../../module.ts';
import { seedOperationRights, type OperationRight } from '../../../prisma/seed/operation-rights.ts';
import { entryYear } from '../../../prisma/seed/dates.ts';
import { createRandom, type Random } from '../../../prisma/seed/random.ts';

/**
 * Operation rights of the archives module: hidden right nodes whose keys are the policy's
 * permission names (archives.policy.ts), under the archives menu group, with the demo roles
 * that hold them (administrators hold every right by code). docs/archives.md.
 */
const ARCHIVE_OPERATION_RIGHTS: OperationRight[] = [
  { key: 'archive.create', title: '创建档案', titleEn: 'Create archives', under: 'archives', sort: 900, roles: ['manager', 'consultant', 'sales'] },
  { key: 'archive.delete', title: '删除档案', titleEn: 'Delete archives', under: 'archives', sort: 901, roles: ['manager'] },
  { key: 'archive.changeStatus', title: '变更档案状态', titleEn: 'Change archive status', under: 'archives', sort: 902, roles: ['manager', 'consultant'] },
  { key: 'archive.lock', title: '锁定/解锁档案', titleEn: 'Lock and unlock archives', under: 'archives', sort: 903, roles: ['manager'] },
  { key: 'archive.assign', title: '分配顾问', titleEn: 'Assign consultants', under: 'archives', sort: 904, roles: ['manager'] },
  { key: 'archive.import', title: '导入档案', titleEn: 'Import archives', under: 'archives', sort: 905, roles: ['manager'] },
  { key: 'archive.export', title: '导出档案', titleEn: 'Export archives', under: 'archives', sort: 906, roles: ['manager', 'consultant'] },
  { key: 'archive.backup', title: '备份档案', titleEn: 'Back up archives', under: 'archives', sort: 907, roles: ['manager'] },
  { key: 'archive.sensitive', title: '查看敏感信息', titleEn: 'See sensitive data', under: 'archives', sort: 908, roles: ['manager', 'consultant'] },
  { key: 'archive.verify', title: '审核档案', titleEn: 'Verify archives', under: 'archives', sort: 909, roles: ['manager'] },
  { key: 'archive.privacy', title: '个人数据请求（导出、法律保留、删除）', titleEn: 'Privacy requests (export, legal hold, erase)', under: 'archives', sort: 910, roles: [] },
];

const SCHOOLS = [
  ['北京市第四中学', 'Beijing No.4 High School', '北京'],
  ['上海市世界外国语中学', 'Shanghai World Foreign Language Middle School', '上海'],
  ['南京外国语学校', 'Nanjing Foreign Language School', '江苏'],
  ['深圳中学', 'Shenzhen Middle School', '广东'],
  ['杭州第二中学', 'Hangzhou No.2 High School', '浙江'],
  ['成都七中', 'Chengdu No.7 High School', '四川'],
] as const;
const ACTIVITIES = [
  ['全国青少年机器人大赛', 'Robotics', 4, '一等奖'],
  ['校交响乐团小提琴首席', 'Orchestra', 1, '首席'],
  ['市青少年游泳锦标赛', 'Swimming', 2, '第二名'],
  ['模拟联合国大会', 'Model UN', 3, '最佳代表'],
  ['AMC 8 数学竞赛', 'AMC 8', 5, 'Distinction'],
  ['社区图书馆志愿服务', 'Volunteering', 1, '优秀志愿者'],
] as const;
const PROVINCES = ['北京', '上海', '广东', '浙江', '江苏', '四川'];
const ESSAY_SCHOOLS = ['Phillips Academy', 'Phillips Exeter Academy', 'The Hotchkiss School', 'Choate Rosemary Hall', 'Deerfield Academy', 'Lawrenceville School'];

const day = (ref: Date, offsetDays: number) => new Date(Date.UTC(ref.getUTCFullYear(), ref.getUTCMonth(), ref.getUTCDate() + offsetDays));

function mobile(r: Random): string {
  return `1${r.pick(['38', '39', '58', '86', '37'])}${r.digits(8)}`;
}

/** Status mix (index within eight): 2 unpublished, 3 published, 1 suspended, 2 archived. */
const STATUS_CYCLE = [1, 2, 2, 3, 4, 2, 1, 4];

/**
 * About 40 demo archives (40·scale): one per seeded student, linked to the student, their
 * parent and consultant. Every state is present (unpublished, published, suspended,
 * archived; locked; applying in progress, suspended, stopped) and every section holds data.
 * Verification tasks in each state. No attachments are seeded (the seed writes no files).
 */
export const archivesSeed: ModuleSeeder = async (db, ctx) => {
  const { roleRights: grants } = await seedOperationRights(db, ARCHIVE_OPERATION_RIGHTS);
  const rand = createRandom(6006);
  const ref = ctx.referenceDate;
  const students = await db.user.findMany({
    where: { type: 3 },
    orderBy: { id: 'asc' },
    select: {
      id: true,
      name: true,
      nameEn: true,
      gender: true,
      birthday: true,
      email: true,
      mobile: true,
      parentId: true,
      consultantId: true,
      parent: { select: { name: true, nameEn: true, mobile: true, email: true, gender: true, birthday: true } },
    },
  });
  const sales = await db.user.findMany({ where: { type: 1, state: { not: 3 }, roles: { some: { role: { code: 'sales' } } } }, orderBy: { id: 'asc' }, select: { id: true } });
  const consultants = await db.user.findMany({ where: { type: 1, state: { not: 3 }, roles: { some: { role: { code: 'consultant' } } } }, orderBy: { id: 'asc' }, select: { id: true } });
  const admin = await db.user.findUnique({ where: { account: 'admin' }, select: { id: true } });
  const manager = await db.user.findUnique({ where: { account: 'manager' }, select: { id: true } });
  const modules = await db.archiveModule.findMany({ where: { parentId: null }, orderBy: { sort: 'asc' }, select: { id: true, code: true } });

  const archives: Prisma.ArchiveCreateManyInput[] = [];
  const bios: Array<Omit<Prisma.ArchiveBioCreateManyInput, 'archiveId'> & { studentId: number }> = [];
  for (const [i, s] of students.entries()) {
    const cut = s.name.length > 2 && ['欧阳', '司马', '诸葛'].some((c) => s.name.startsWith(c)) ? 2 : 1;
    const surName = s.name.slice(0, cut);
    const given = s.name.slice(cut);
    const [enName, surNamePy] = (s.nameEn ?? '').split(' ');
    const age = s.birthday ? ref.getUTCFullYear() - s.birthday.getUTCFullYear() - (ref < new Date(Date.UTC(ref.getUTCFullYear(), s.birthday.getUTCMonth(), s.birthday.getUTCDate())) ? 1 : 0) : 13;
    const grade = Math.min(12, Math.max(6, age - 5));
    const status = STATUS_CYCLE[i % STATUS_CYCLE.length] as number;
    const applyingStatus = status === 3 ? 2 : status === 4 ? (i % 3 === 0 ? 3 : 1) : i % 11 === 5 ? 2 : 1;
    const acting = i % 9 === 4 && consultants.length > 1 ? (consultants.find((c) => c.id !== s.consultantId)?.id ?? null) : null;
    const searchForms = [s.name, given, surName, surNamePy && enName ? `${enName} ${surNamePy}` : null, enName].filter(Boolean).map((x) => (x as string).toLowerCase());
    archives.push({
      studentId: s.id,
      name: s.name,
      userName: s.nameEn,
      searchName: [...new Set(searchForms)].join('|'),
      consultantId: s.consultantId,
      actingConsultantId: acting,
      salesId: sales.length ? (sales[i % sales.length] as { id: number }).id : null,
      parentId: s.parentId,
      grade,
      year: entryYear(ref) + (grade >= 9 ? 0 : 1),
      status,
      locked: i % 10 === 7,
      applyingStatus,
      sale: i % 6 === 5 ? 2 : 1,
      remark: i % 4 === 0 ? '家长希望优先考虑美国东北部寄宿学校' : null,
      createdById: (i % 2 === 0 ? manager?.id : admin?.id) ?? null,
      createdAt: day(ref, -200 + i * 3),
    });
    bios.push({
      studentId: s.id,
      surName,
      name: given,
      surNamePy: surNamePy ?? null,
      namePy: null,
      enName: enName ?? null,
      sex: s.gender,
      birthday: s.birthday,
      birthProvince: rand.pick(PROVINCES),
      birthCountry: '中国',
      passport: `E${rand.digits(8)}`,
      secondPassport: i % 13 === 3 ? `H${rand.digits(8)}` : null,
      submitGrade: grade + 1,
      onlyChild: i % 3 !== 0,
      homeAddress: `${rand.pick(PROVINCES)}市${rand.pick(['朝阳区', '浦东新区', '南山区', '西湖区'])}${rand.int(1, 200)}号${rand.int(1, 30)}栋${rand.int(101, 2505)}室`,
      province: rand.pick(PROVINCES),
      country: '中国',
      zip: rand.digits(6),
      phone: s.mobile,
      tel: i % 5 === 0 ? `010-${rand.digits(8)}` : null,
      email: s.email,
    });
  }
  await db.archive.createMany({ data: archives });
  const ids = new Map((await db.archive.findMany({ select: { id: true, studentId: true } })).map((a) => [a.studentId, a.id]));
  const archiveIdOf = (studentId: number) => ids.get(studentId) as number;
  await db.archiveBio.createMany({ data: bios.map(({ studentId, ...b }) => ({ ...b, archiveId: archiveIdOf(studentId) })) });

  const educations: Prisma.ArchiveEducationCreateManyInput[] = [];
  const families: Prisma.ArchiveFamilyCreateManyInput[] = [];
  const members: Prisma.ArchiveFamilyMemberCreateManyInput[] = [];
  const projects: Prisma.ArchiveRewardProjectCreateManyInput[] = [];
  const exams: Prisma.ArchiveExamCreateManyInput[] = [];
  const accounts: Prisma.ArchiveApplicationAccountCreateManyInput[] = [];
  const cards: Prisma.ArchiveCardCreateManyInput[] = [];
  const recommenders: Prisma.ArchiveRecommenderCreateManyInput[] = [];
  const multimedia: Prisma.ArchiveMultimediaCreateManyInput[] = [];
  const relatives: Prisma.ArchiveRelativeCreateManyInput[] = [];
  const essays: Prisma.ArchiveEssayCreateManyInput[] = [];
  const surveys: Prisma.ArchiveSurveyCreateManyInput[] = [];
  const applyInfo: Prisma.ArchiveApplyInformationCreateManyInput[] = [];
  const others: Prisma.ArchiveOtherCreateManyInput[] = [];
  const writings: Prisma.ArchiveWritingCreateManyInput[] = [];
  const awardRows: Prisma.ArchiveAwardCreateManyInput[] = [];

  for (const [i, s] of students.entries()) {
    const archiveId = archiveIdOf(s.id);
    const a = archives[i] as Prisma.ArchiveCreateManyInput;
    const grade = a.grade as number;
    const [school, , province] = rand.pick(SCHOOLS);
    educations.push(
      { archiveId, sort: 1, school: `${province}实验小学`, type: 1, examType: 1, scoreRule: '百分制', province, country: '中国', beginDate: day(ref, -365 * (grade + 1)), endDate: day(ref, -365 * (grade - 5)) },
      {
        archiveId,
        sort: 2,
        school,
        address: `${province}市`,
        type: 2,
        examType: i % 4 === 0 ? 4 : 1,
        scoreRule: i % 2 ? 'GPA 4.0' : '百分制',
        principalName: '王校长',
        zip: rand.digits(6),
        province,
        country: '中国',
        tel: `0${rand.digits(2)}-${rand.digits(8)}`,
        beginDate: day(ref, -365 * (grade - 5)),
        disciplineRemark: i % 12 === 7 ? '初二时曾因迟到被警告一次' : null,
      },
    );
    families.push({
      archiveId,
      maritalStatus: i % 15 === 4 ? 2 : 1,
      livesWith: i % 15 === 4 ? '母亲' : '父母',
      homeLanguage: i % 7 === 2 ? '粤语' : '普通话',
      siblingCount: i % 3 === 0 ? 1 : 0,
      financialNote: '父母共同承担学费，预算每年 8 万美元以内',
    });
    const p = s.parent;
    if (p) {
      members.push({
        archiveId,
        kind: 1,
        sort: 1,
        name: p.name,
        nameEn: p.nameEn,
        relation: p.gender === 1 ? 1 : 2,
        birthday: p.birthday,
        phone: p.mobile,
        email: p.email,
        company: rand.pick(['华为技术有限公司', '招商银行', '自营贸易公司', '北京协和医院']),
        title: rand.pick(['工程师', '经理', '医生', '总经理']),
        education: rand.pick(['本科', '硕士', '博士']),
        cities: rand.pick(PROVINCES),
      });
      members.push({
        archiveId,
        kind: 2,
        sort: 2,
        name: `${rand.pick(['李', '陈', '刘'])}${rand.pick(['静', '强', '敏'])}`,
        relation: p.gender === 1 ? 2 : 1,
        phone: mobile(rand),
        company: '中学教师',
        title: '教师',
        education: '本科',
      });
    }
    if (i % 3 === 0) members.push({ archiveId, kind: 3, sort: 3, name: `${a.name.slice(0, 1)}${rand.pick(['小雨', '小宇', '小北'])}`, relation: rand.pick([5, 6]), schools: '本地小学' });
    projects.push({ archiveId, sort: 1, name: rand.pick(['STEM 科创', '艺术与音乐', '体育', '社会服务']), description: '学生长期投入的课外方向' });
    for (let k = 0; k < 2; k++) {
      const [name, nameEn, level, rank] = ACTIVITIES[(i + k * 3) % ACTIVITIES.length] as (typeof ACTIVITIES)[number];
      void nameEn;
      awardRows.push({
        archiveId,
        sort: k + 1,
        performName: name,
        beginDate: day(ref, -400 + k * 90),
        endDate: day(ref, -300 + k * 90),
        certificateLevel: level,
        certificateName: `${name}证书`,
        rank,
        weekHours: rand.int(2, 8),
        yearMonth: `${ref.getUTCFullYear() - 1}-${String(rand.int(1, 12)).padStart(2, '0')}`,
        levelOfInvolvement: rand.pick(['参与者', '组织者', '队长']),
        leaderPositions: k === 0 ? '队长' : null,
        desc: '持续参与两年以上',
        score: rand.int(60, 95),
      });
    }
    exams.push({ archiveId, kind: 1, sort: 1, examDate: day(ref, -60), interviewType: 0, total: rand.int(3, 5), note: 'Vericant 预面试' });
    if (grade <= 8) exams.push({ archiveId, kind: 2, sort: 1, examDate: day(ref, -120), listening: rand.int(250, 300), languageForm: rand.int(250, 300), reading: rand.int(250, 300), total: rand.int(780, 890) });
    else exams.push({ archiveId, kind: 3, sort: 1, examDate: day(ref, -90), listening: rand.int(20, 30), reading: rand.int(20, 30), speaking: rand.int(18, 28), writing: rand.int(18, 28), total: rand.int(85, 112) });
    exams.push({
      archiveId,
      kind: 4,
      sort: 1,
      examDate: day(ref, -45),
      verbal: rand.int(650, 780),
      quantitative: rand.int(700, 800),
      reading: rand.int(650, 780),
      total: rand.int(2050, 2330),
      percentile: rand.int(60, 99),
    });
    if (i % 4 === 1) exams.push({ archiveId, kind: 5, sort: 1, examName: 'AMC 10', examDate: day(ref, -200), total: rand.int(90, 130), prepType: 4 });
    accounts.push({
      archiveId,
      sort: 1,
      platform: 1,
      url: 'https://www.ssat.org',
      account: `${(a.userName ?? 'student').toLowerCase().replace(/\s+/g, '.')}${i}`,
      password: `Sao#${rand.digits(4)}`,
      email: s.email ?? p?.email ?? null,
      note: 'SAO 申请账号',
    });
    if (i % 2 === 0) accounts.push({ archiveId, sort: 2, platform: 2, url: 'https://gatewaytoprepschools.com', account: `gw${rand.digits(6)}`, password: `Gw#${rand.digits(4)}` });
    cards.push({
      archiveId,
      sort: 1,
      holderName: p?.nameEn ?? p?.name ?? null,
      brand: rand.pick(['Visa', 'MasterCard', 'UnionPay']),
      last4: rand.digits(4),
      expiry: `${String(rand.int(1, 12)).padStart(2, '0')}/${(ref.getUTCFullYear() % 100) + rand.int(1, 4)}`,
      billingAddress: bios[i]?.homeAddress ?? null,
    });
    recommenders.push(
      { archiveId, sort: 1, type: 2, name: `${rand.pick(['张', '周', '吴'])}老师`, title: '英语教师', school: rand.pick(SCHOOLS)[0], email: `english.teacher${i}@school.example.cn`, phone: mobile(rand) },
      { archiveId, sort: 2, type: 1, name: `${rand.pick(['孙', '郑', '冯'])}老师`, title: '数学教师', school: rand.pick(SCHOOLS)[0], email: `math.teacher${i}@school.example.cn` },
      { archiveId, sort: 3, type: 3, name: `${rand.pick(['赵', '钱'])}老师`, title: '班主任', school: rand.pick(SCHOOLS)[0] },
    );
    multimedia.push({
      archiveId,
      sort: 1,
      title: rand.pick(['小提琴独奏', '机器人比赛视频', '游泳比赛集锦', '绘画作品集']),
      mediaType: rand.pick([1, 2, 3]),
      url: `https://video.example.com/${archiveId}`,
      recordedOn: day(ref, -150),
      description: '申请用多媒体材料',
    });
    if (i % 5 === 2) relatives.push({ archiveId, sort: 1, name: '表哥', relation: '表兄', schoolName: rand.pick(ESSAY_SCHOOLS), graduationYear: ref.getUTCFullYear() - 8 + (i % 5) });
    essays.push(
      {
        archiveId,
        sort: 1,
        schoolName: rand.pick(ESSAY_SCHOOLS),
        topic: 'Tell us about a person who has influenced you.',
        wordLimit: 500,
        status: a.status === 4 ? 5 : rand.int(1, 4),
        dueDate: day(ref, 90),
        tutor: '文书老师 Emma',
      },
      { archiveId, sort: 2, schoolName: 'SAO', topic: 'Character reference / 个人陈述', wordLimit: 650, status: a.status === 4 ? 5 : rand.int(1, 3), dueDate: day(ref, 120) },
    );
    surveys.push({
      archiveId,
      interests: rand.pick(['编程、机器人', '音乐、绘画', '游泳、篮球', '辩论、写作']),
      strengths: '自律、好奇心强',
      personality: rand.pick(['外向', '内向但专注', '乐于合作']),
      targetRegion: rand.pick([1, 1, 2, 3]),
      preferredSchoolSize: rand.int(0, 3),
      boarding: 1,
      coed: rand.pick([0, 1, 2]),
      budget: rand.pick([60000, 70000, 80000]),
      goals: '进入排名前 30 的寄宿高中',
    });
    applyInfo.push({ archiveId, sort: 1, entryYear: a.year as number, targetGrade: Math.min(12, grade + 1), country: rand.pick([1, 1, 2]), schoolType: 1, platform: rand.pick([1, 2]), deadline: day(ref, 150) });
    if (i % 2 === 1) others.push({ archiveId, sort: 1, category: '体检', title: '入学体检', content: '已完成疫苗记录翻译' });
    writings.push({ archiveId, sort: 1, title: "My grandfather's garden", kind: 4, content: "Every summer I spent weeks in my grandfather's garden...", wordCount: 480, writtenOn: day(ref, -30) });
  }
  await db.archiveEducation.createMany({ data: educations });
  await db.archiveFamily.createMany({ data: families });
  await db.archiveFamilyMember.createMany({ data: members });
  await db.archiveRewardProject.createMany({ data: projects });
  const projectIds = new Map((await db.archiveRewardProject.findMany({ select: { id: true, archiveId: true } })).map((p) => [p.archiveId, p.id]));
  await db.archiveAward.createMany({ data: awardRows.map((r) => ({ ...r, projectId: projectIds.get(r.archiveId) ?? null })) });
  await db.archiveExam.createMany({ data: exams });
  await db.archiveApplicationAccount.createMany({ data: accounts });
  await db.archiveCard.createMany({ data: cards });
  await db.archiveRecommender.createMany({ data: recommenders });
  await db.archiveMultimedia.createMany({ data: multimedia });
  await db.archiveRelative.createMany({ data: relatives });
  await db.archiveEssay.createMany({ data: essays });
  await db.archiveSurvey.createMany({ data: surveys });
  await db.archiveApplyInformation.createMany({ data: applyInfo });
  await db.archiveOther.createMany({ data: others });
  await db.archiveWriting.createMany({ data: writings });

  // Verification tasks: archived ones verified, published ones in each state (batched: the bulk seed has thousands).
  const verifier = manager?.id ?? admin?.id ?? null;
  const taskRows: Prisma.ArchiveExamineCreateManyInput[] = [];
  const taskState = new Map<number, number>();
  for (const [i, a] of archives.entries()) {
    const status = a.status as number;
    const state = status === 4 ? 2 : status === 2 ? i % 3 : status === 3 ? 1 : null;
    if (state === null || !modules.length) continue;
    const archiveId = archiveIdOf(a.studentId);
    taskState.set(archiveId, state);
    const created = day(ref, -40 + (i % 20));
    taskRows.push({
      archiveId,
      number: `AV${created.getUTCFullYear()}-S${String(taskRows.length + 1).padStart(5, '0')}`,
      title: `${a.name}的档案审核`,
      content: '请核对学生基本信息、教育经历与考试成绩',
      status: state,
      verifierId: state === 0 ? null : verifier,
      verifiedAt: state === 2 ? day(ref, -5) : null,
      createdById: a.consultantId ?? null,
      createdAt: created,
    });
  }
  await db.archiveExamine.createMany({ data: taskRows });
  const tasks = await db.archiveExamine.findMany({ select: { id: true, archiveId: true }, orderBy: { id: 'asc' } });
  const note = '护照号码与扫描件不一致，请核对';
  const moduleRows: Prisma.ArchiveExamineModuleCreateManyInput[] = [];
  for (const task of tasks) {
    const state = taskState.get(task.archiveId) ?? 0;
    for (const [k, m] of modules.entries()) {
      const moduleState = state === 2 ? 2 : state === 1 ? (k < modules.length / 2 ? 2 : k === modules.length - 1 ? 1 : 0) : 0;
      moduleRows.push({ examineId: task.id, moduleId: m.id, status: moduleState, verifierId: moduleState ? verifier : null, verifiedAt: moduleState === 2 ? day(ref, -6) : null, note: moduleState === 1 ? note : null });
    }
  }
  await db.archiveExamineModule.createMany({ data: moduleRows });
  const touched = await db.archiveExamineModule.findMany({ where: { status: { in: [1, 2] } }, select: { id: true, examineId: true, status: true } });
  const records: Prisma.ArchiveExamineRecordCreateManyInput[] = [];
  for (const m of touched) {
    records.push({ examineId: m.examineId, examineModuleId: m.id, action: 1, status: 2, verifierId: verifier, createdAt: day(ref, m.status === 2 ? -6 : -8) });
    if (m.status === 1) records.push({ examineId: m.examineId, examineModuleId: m.id, action: 2, status: 1, verifierId: verifier, note, createdAt: day(ref, -6) });
  }
  await db.archiveExamineRecord.createMany({ data: records });
  return { archiveOperationGrants: grants, archives: archives.length, archiveEducations: educations.length, archiveFamilyMembers: members.length, archiveExams: exams.length, archiveVerifications: tasks.length };
};
