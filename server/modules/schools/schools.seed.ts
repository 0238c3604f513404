import type { Prisma } from '../../generated/prisma/client.ts';
import type { ModuleSeeder } from '../../module.ts';
import { seedOperationRights, type OperationRight } from '../../../prisma/seed/operation-rights.ts';
import { SELECTION_POOL, selectionDraws } from '../../../prisma/seed/selection-draws.ts';
import { schoolGradeSpan, schoolSearchName } from './schools.fields.ts';
import { matchScores } from './match.ts';
import { studentFacts } from './selection.service.ts';

/**
 * Operation rights of the schools module: hidden right nodes whose keys are the policy's
 * permission names (schools.policy.ts), with the demo roles that hold them (administrators
 * hold every right by code). docs/schools.md.
 */
const SCHOOL_OPERATION_RIGHTS: OperationRight[] = [
  { key: 'school.manage', title: '管理学校库', titleEn: 'Manage the school database', under: 'school', sort: 970, roles: ['manager'] },
  { key: 'school.import', title: '导入学校数据', titleEn: 'Import school data', under: 'school', sort: 971, roles: ['manager'] },
  { key: 'selection.write', title: '编辑选校清单', titleEn: 'Build selection lists', under: 'progress', sort: 972, roles: ['manager', 'consultant'] },
  { key: 'selection.publish', title: '发布选校清单', titleEn: 'Publish selection lists', under: 'progress', sort: 973, roles: ['manager', 'consultant'] },
];

/**
 * Real boarding schools with public facts only: name, place, founding year, grades, whether
 * boys', girls' or co-ed, approximate enrolment (rounded) and website. No ranking, test
 * average, deadline or platform is seeded: those change yearly and are entered by staff.
 * [name, abbreviation, chinese name, country, state/county, city, founded, approx. students, sex (1 boys, 2 girls, 3 co-ed), grades, website]
 */
type SchoolSeed = [string, string | null, string, 'US' | 'GB', string, string, number, number, 1 | 2 | 3, string, string];
const SCHOOLS: SchoolSeed[] = [
  ['Phillips Academy', 'Andover', '菲利普斯安多佛学院', 'US', 'Massachusetts', 'Andover', 1778, 1150, 3, '9-12, PG', 'www.andover.edu'],
  ['Phillips Exeter Academy', 'PEA', '菲利普斯埃克塞特学院', 'US', 'New Hampshire', 'Exeter', 1781, 1100, 3, '9-12, PG', 'www.exeter.edu'],
  ['Choate Rosemary Hall', 'Choate', '乔特罗斯玛丽中学', 'US', 'Connecticut', 'Wallingford', 1890, 850, 3, '9-12, PG', 'www.choate.edu'],
  ['The Hotchkiss School', 'Hotchkiss', '霍奇基斯中学', 'US', 'Connecticut', 'Lakeville', 1891, 600, 3, '9-12, PG', 'www.hotchkiss.org'],
  ['The Lawrenceville School', 'Lawrenceville', '劳伦斯威尔中学', 'US', 'New Jersey', 'Lawrenceville', 1810, 820, 3, '9-12, PG', 'www.lawrenceville.org'],
  ['Deerfield Academy', 'Deerfield', '迪尔菲尔德学院', 'US', 'Massachusetts', 'Deerfield', 1797, 650, 3, '9-12, PG', 'deerfield.edu'],
  ["St. Paul's School", 'SPS', '圣保罗中学', 'US', 'New Hampshire', 'Concord', 1856, 540, 3, '9-12', 'www.sps.edu'],
  ['Groton School', 'Groton', '格罗顿中学', 'US', 'Massachusetts', 'Groton', 1884, 380, 3, '8-12', 'www.groton.org'],
  ['Milton Academy', 'Milton', '弥尔顿学院', 'US', 'Massachusetts', 'Milton', 1798, 1000, 3, '9-12', 'www.milton.edu'],
  ['Middlesex School', 'Middlesex', '米德尔塞克斯中学', 'US', 'Massachusetts', 'Concord', 1901, 400, 3, '9-12', 'www.mxschool.edu'],
  ['The Hill School', 'Hill', '希尔中学', 'US', 'Pennsylvania', 'Pottstown', 1851, 540, 3, '9-12, PG', 'www.thehill.org'],
  ['The Taft School', 'Taft', '塔夫特中学', 'US', 'Connecticut', 'Watertown', 1890, 600, 3, '9-12, PG', 'www.taftschool.org'],
  ['The Loomis Chaffee School', 'Loomis', '卢米斯查菲中学', 'US', 'Connecticut', 'Windsor', 1914, 730, 3, '9-12, PG', 'www.loomischaffee.org'],
  ['The Peddie School', 'Peddie', '佩迪中学', 'US', 'New Jersey', 'Hightstown', 1864, 550, 3, '9-12, PG', 'www.peddie.org'],
  ["St. George's School", null, '圣乔治中学', 'US', 'Rhode Island', 'Middletown', 1896, 370, 3, '9-12', 'www.stgeorges.edu'],
  ['Episcopal High School', 'EHS', '圣公会高中', 'US', 'Virginia', 'Alexandria', 1839, 450, 3, '9-12', 'www.episcopalhighschool.org'],
  ['Cate School', 'Cate', '凯特中学', 'US', 'California', 'Carpinteria', 1910, 300, 3, '9-12', 'www.cate.org'],
  ['The Thacher School', 'Thacher', '撒切尔中学', 'US', 'California', 'Ojai', 1889, 250, 3, '9-12', 'www.thacher.org'],
  ['Webb Schools', 'Webb', '韦伯中学', 'US', 'California', 'Claremont', 1922, 400, 3, '9-12', 'www.webb.org'],
  ['Northfield Mount Hermon School', 'NMH', '北野山中学', 'US', 'Massachusetts', 'Gill', 1879, 650, 3, '9-12, PG', 'www.nmhschool.org'],
  ['Emma Willard School', 'Emma Willard', '艾玛威拉德女子中学', 'US', 'New York', 'Troy', 1814, 350, 2, '9-12, PG', 'www.emmawillard.org'],
  ["Miss Porter's School", 'Porter’s', '波特小姐女子中学', 'US', 'Connecticut', 'Farmington', 1843, 330, 2, '9-12', 'www.missporters.org'],
  ['The Madeira School', 'Madeira', '马德拉女子中学', 'US', 'Virginia', 'McLean', 1906, 320, 2, '9-12', 'www.madeira.org'],
  ['The Ethel Walker School', 'Ethel Walker', '埃塞尔沃克女子中学', 'US', 'Connecticut', 'Simsbury', 1911, 250, 2, '6-12', 'www.ethelwalker.org'],
  ['Westover School', 'Westover', '韦斯托弗女子中学', 'US', 'Connecticut', 'Middlebury', 1909, 200, 2, '9-12', 'www.westoverschool.org'],
  ['Dana Hall School', 'Dana Hall', '达纳霍尔女子中学', 'US', 'Massachusetts', 'Wellesley', 1881, 450, 2, '5-12', 'www.danahall.org'],
  ['Blair Academy', 'Blair', '布莱尔学院', 'US', 'New Jersey', 'Blairstown', 1848, 460, 3, '9-12, PG', 'www.blair.edu'],
  ['Kent School', 'Kent', '肯特中学', 'US', 'Connecticut', 'Kent', 1906, 570, 3, '9-12, PG', 'www.kent-school.edu'],
  ['Mercersburg Academy', 'Mercersburg', '默瑟斯堡学院', 'US', 'Pennsylvania', 'Mercersburg', 1893, 440, 3, '9-12, PG', 'www.mercersburg.edu'],
  ['Westminster School', 'Westminster (CT)', '威斯敏斯特中学（康州）', 'US', 'Connecticut', 'Simsbury', 1888, 400, 3, '9-12, PG', 'www.westminster-school.org'],
  ['Suffield Academy', 'Suffield', '萨菲尔德学院', 'US', 'Connecticut', 'Suffield', 1833, 420, 3, '9-12, PG', 'www.suffieldacademy.org'],
  ['Cranbrook Schools', 'Cranbrook', '克兰布鲁克中学', 'US', 'Michigan', 'Bloomfield Hills', 1927, 800, 3, '9-12', 'schools.cranbrook.edu'],
  ['Culver Academies', 'Culver', '卡尔弗军事学院', 'US', 'Indiana', 'Culver', 1894, 800, 3, '9-12, PG', 'www.culver.org'],
  ['Woodberry Forest School', 'Woodberry', '伍德贝里森林中学', 'US', 'Virginia', 'Woodberry Forest', 1889, 400, 1, '9-12', 'www.woodberry.org'],
  ['Avon Old Farms School', 'Avon', '埃文老农场男子中学', 'US', 'Connecticut', 'Avon', 1927, 400, 1, '9-12, PG', 'www.avonoldfarms.com'],
  ['Salisbury School', 'Salisbury', '索尔兹伯里男子中学', 'US', 'Connecticut', 'Salisbury', 1901, 300, 1, '9-12, PG', 'www.salisburyschool.org'],
  ["St. Andrew's School", null, '圣安德鲁斯中学', 'US', 'Delaware', 'Middletown', 1929, 310, 3, '9-12', 'www.standrews-de.org'],
  ['Concord Academy', 'CA', '康科德学院', 'US', 'Massachusetts', 'Concord', 1922, 400, 3, '9-12', 'concordacademy.org'],
  ['Berkshire School', 'Berkshire', '伯克希尔中学', 'US', 'Massachusetts', 'Sheffield', 1907, 440, 3, '9-12, PG', 'www.berkshireschool.org'],
  ['Tabor Academy', 'Tabor', '塔博学院', 'US', 'Massachusetts', 'Marion', 1876, 520, 3, '9-12', 'www.taboracademy.org'],
  ['Worcester Academy', 'WA', '伍斯特学院', 'US', 'Massachusetts', 'Worcester', 1834, 650, 3, '6-12, PG', 'www.worcesteracademy.org'],
  ['Cushing Academy', 'Cushing', '库欣学院', 'US', 'Massachusetts', 'Ashburnham', 1865, 400, 3, '9-12, PG', 'www.cushing.org'],
  ['Pomfret School', 'Pomfret', '庞弗雷特中学', 'US', 'Connecticut', 'Pomfret', 1894, 350, 3, '9-12, PG', 'www.pomfret.org'],
  ['Lawrence Academy', 'LA', '劳伦斯学院', 'US', 'Massachusetts', 'Groton', 1793, 400, 3, '9-12', 'www.lacademy.edu'],
  ["The Governor's Academy", "Governor's", '州长学院', 'US', 'Massachusetts', 'Byfield', 1763, 400, 3, '9-12', 'www.thegovernorsacademy.org'],
  ['Georgetown Preparatory School', 'Georgetown Prep', '乔治城预备学校', 'US', 'Maryland', 'North Bethesda', 1789, 500, 1, '9-12', 'www.gprep.org'],
  ['Eton College', 'Eton', '伊顿公学', 'GB', 'Berkshire', 'Eton', 1440, 1350, 1, 'Year 9-13', 'www.etoncollege.com'],
  ['Harrow School', 'Harrow', '哈罗公学', 'GB', 'Greater London', 'Harrow on the Hill', 1572, 830, 1, 'Year 9-13', 'www.harrowschool.org.uk'],
  ['Radley College', 'Radley', '拉德利公学', 'GB', 'Oxfordshire', 'Abingdon', 1847, 750, 1, 'Year 9-13', 'www.radleycollege.org.uk'],
  ['Tonbridge School', 'Tonbridge', '汤布里奇公学', 'GB', 'Kent', 'Tonbridge', 1553, 800, 1, 'Year 9-13', 'www.tonbridge-school.co.uk'],
  ['Sherborne School', 'Sherborne', '舍伯恩公学', 'GB', 'Dorset', 'Sherborne', 1550, 600, 1, 'Year 9-13', 'www.sherborne.org'],
  ['Wycombe Abbey', 'Wycombe', '威康姆修道院女子中学', 'GB', 'Buckinghamshire', 'High Wycombe', 1896, 650, 2, 'Year 7-13', 'www.wycombeabbey.com'],
  ["Cheltenham Ladies' College", 'CLC', '切尔滕纳姆女子学院', 'GB', 'Gloucestershire', 'Cheltenham', 1853, 850, 2, 'Year 7-13', 'www.cheltladiescollege.org'],
  ['Benenden School', 'Benenden', '贝纳登女子中学', 'GB', 'Kent', 'Cranbrook', 1923, 550, 2, 'Year 7-13', 'www.benenden.school'],
  ['Roedean School', 'Roedean', '罗丁女子中学', 'GB', 'East Sussex', 'Brighton', 1885, 650, 2, 'Year 7-13', 'roedean.co.uk'],
  ['Rugby School', 'Rugby', '拉格比公学', 'GB', 'Warwickshire', 'Rugby', 1567, 850, 3, 'Year 9-13', 'www.rugbyschool.co.uk'],
  ['Oundle School', 'Oundle', '奥德尔公学', 'GB', 'Northamptonshire', 'Oundle', 1556, 1100, 3, 'Year 9-13', 'www.oundleschool.org.uk'],
  ['Marlborough College', 'Marlborough', '马尔伯勒学院', 'GB', 'Wiltshire', 'Marlborough', 1843, 950, 3, 'Year 9-13', 'www.marlboroughcollege.org'],
  ['Wellington College', 'Wellington', '惠灵顿公学', 'GB', 'Berkshire', 'Crowthorne', 1859, 1100, 3, 'Year 9-13', 'www.wellingtoncollege.org.uk'],
  ['Charterhouse', 'Charterhouse', '查特豪斯公学', 'GB', 'Surrey', 'Godalming', 1611, 900, 3, 'Year 9-13', 'www.charterhouse.org.uk'],
  ['Uppingham School', 'Uppingham', '奥平汉公学', 'GB', 'Rutland', 'Uppingham', 1584, 800, 3, 'Year 9-13', 'www.uppingham.co.uk'],
  ['Shrewsbury School', 'Shrewsbury', '什鲁斯伯里公学', 'GB', 'Shropshire', 'Shrewsbury', 1552, 800, 3, 'Year 9-13', 'www.shrewsbury.org.uk'],
  ['Millfield', 'Millfield', '米尔菲尔德中学', 'GB', 'Somerset', 'Street', 1935, 1200, 3, 'Year 9-13', 'millfield.org.uk'],
  ['Stowe School', 'Stowe', '斯托中学', 'GB', 'Buckinghamshire', 'Stowe', 1923, 900, 3, 'Year 9-13', 'www.stowe.co.uk'],
  ['Gordonstoun', 'Gordonstoun', '高登斯顿中学', 'GB', 'Moray', 'Elgin', 1934, 500, 3, 'Year 9-13', 'gordonstoun.org.uk'],
];

/**
 * Demo data of the schools module: its operation rights, the schools, and a selection list for
 * each archive applying (two in three published). The applications module's seed applies to
 * the first four schools of each published list.
 */
export const schoolsSeed: ModuleSeeder = async (db, ctx) => {
  const at = (offsetDays: number, hour = 10) => new Date(ctx.referenceDate.getTime() + offsetDays * 86_400_000 + hour * 3_600_000);
  const { roleRights } = await seedOperationRights(db, SCHOOL_OPERATION_RIGHTS);

  // One multi-row insert (ids in the catalogue's order, as one insert per school gave).
  const rows = await db.school.createManyAndReturn({
    data: SCHOOLS.map(([name, abbreviation, chineseName, country, province, city, foundedYear, studentCount, sex, grades, site]) => ({
      name,
      abbreviation,
      chineseName,
      country,
      province,
      city,
      foundedYear,
      studentCount,
      sex,
      boardingGrades: grades,
      url: `https://${site}`,
      currency: country === 'US' ? 'USD' : 'GBP',
      searchName: schoolSearchName({ name, abbreviation, chineseName }),
      ...schoolGradeSpan(null, grades),
    })),
    select: { id: true },
  });
  const schoolIds = rows.map((row) => row.id);

  // Selection lists for students whose archives are applying.
  const archives = await db.archive.findMany({
    where: { deletedAt: null, applyingStatus: 1, sale: 1 },
    orderBy: { id: 'asc' },
    select: { id: true, name: true, consultant: { select: { id: true, name: true } } },
  });
  const usSchools = schoolIds.slice(0, SELECTION_POOL);
  const draws = selectionDraws(archives.length);
  let lists = 0;
  for (const [i, a] of archives.entries()) {
    const who = a.consultant ?? { id: null, name: 'admin' };
    const { published, picks: positions } = draws[i]!;
    const picks = positions.map((p) => usSchools[p]!);
    const facts = await studentFacts(db, a.id);
    const schools = await db.school.findMany({ where: { id: { in: picks } }, select: { id: true, sex: true, gradeFrom: true, gradeTo: true, country: true, studentCount: true, ssatAverage: true, toeflAverage: true } });
    await db.selectionList.create({
      data: {
        archiveId: a.id,
        name: `${a.name} 选校清单`,
        createdById: who.id,
        createdByName: who.name,
        createdAt: at(-40),
        updatedAt: at(-35),
        ...(published ? { publishedAt: at(-35), publishedById: who.id, publishedByName: who.name } : {}),
        entries: {
          create: picks.map((schoolId, sort) => {
            const m = matchScores(facts, schools.find((s) => s.id === schoolId) as (typeof schools)[number]);
            return {
              schoolId,
              sort: sort + 1,
              genderScore: m.gender.score,
              gradeScore: m.grade.score,
              regionScore: m.region.score,
              scaleScore: m.scale.score,
              rankScore: m.rank.score,
              activityScore: m.activity.score,
              totalScore: m.total.score,
              explanation: m as unknown as Prisma.InputJsonValue,
            };
          }),
        },
      },
    });
    lists += 1;
  }
  return { schoolRights: roleRights, schools: schoolIds.length, selectionLists: lists };
};
