import type { ModuleSeeder } from '../../module.ts';
import { seedOperationRights, type OperationRight } from '../../../prisma/seed/operation-rights.ts';

/** Operation rights of the dictionary module (permission names in dictionary.policy.ts). */
const DICTIONARY_OPERATION_RIGHTS: OperationRight[] = [{ key: 'dictionary.manage', title: '管理数据字典', titleEn: 'Manage the data dictionary', under: 'system', sort: 952, roles: ['manager'] }];

const DAY = 86_400_000;

const DICTIONARIES: Array<{ code: string; name: string; nameEn: string; items: Array<[string, string, string]> }> = [
  {
    code: 'country',
    name: '国家',
    nameEn: 'Country',
    items: [
      ['US', '美国', 'United States'],
      ['UK', '英国', 'United Kingdom'],
      ['CA', '加拿大', 'Canada'],
      ['CN', '中国', 'China'],
    ],
  },
  {
    code: 'grade',
    name: '年级',
    nameEn: 'Grade',
    items: [
      ['G6', '六年级', 'Grade 6'],
      ['G7', '七年级', 'Grade 7'],
      ['G8', '八年级', 'Grade 8'],
      ['G9', '九年级', 'Grade 9'],
      ['G10', '十年级', 'Grade 10'],
      ['G11', '十一年级', 'Grade 11'],
    ],
  },
  {
    code: 'exam_type',
    name: '考试类型',
    nameEn: 'Exam type',
    items: [
      ['TOEFL', '托福', 'TOEFL'],
      ['TOEFL_JR', '小托福', 'TOEFL Junior'],
      ['SSAT', 'SSAT', 'SSAT'],
      ['SAT', 'SAT', 'SAT'],
      ['OTHER', '其他', 'Other'],
    ],
  },
  {
    code: 'recommender_type',
    name: '推荐人类型',
    nameEn: 'Recommender type',
    items: [
      ['MATH', '数学老师', 'Math teacher'],
      ['ENGLISH', '英语老师', 'English teacher'],
      ['HEAD', '班主任', 'Head teacher'],
      ['SCIENCE', '科学老师', 'Science teacher'],
      ['PERSONAL', '个人推荐', 'Personal'],
    ],
  },
  {
    code: 'dress_code',
    name: '着装要求',
    nameEn: 'Dress code',
    items: [
      ['FORMAL', '正装', 'Formal'],
      ['SEMI', '半正装', 'Semi-formal'],
      ['NONE', '无', 'None'],
    ],
  },
  {
    code: 'course_site',
    name: '上课方式',
    nameEn: 'Course site',
    items: [
      ['ONLINE', '线上', 'Online'],
      ['OFFLINE', '线下', 'Offline'],
    ],
  },
];

/** Demo data of the dictionary module: its operation right and the dictionaries with their items. */
export const dictionarySeed: ModuleSeeder = async (db, ctx) => {
  const ref = ctx.referenceDate.getTime();
  const at = (offsetDays: number, hour = 9) => new Date(ref + offsetDays * DAY + hour * 3_600_000);
  const rights = await seedOperationRights(db, DICTIONARY_OPERATION_RIGHTS);

  // Dictionaries with items.
  let items = 0;
  for (const [k, dict] of DICTIONARIES.entries()) {
    await db.dictionary.create({
      data: {
        code: dict.code,
        name: dict.name,
        nameEn: dict.nameEn,
        sort: k + 1,
        createdAt: at(-200),
        updatedAt: at(-200),
        items: { create: dict.items.map(([code, label, labelEn], i) => ({ code, label, labelEn, sort: i + 1, createdAt: at(-200) })) },
      },
    });
    items += dict.items.length;
  }

  return { dictionaryOperationRights: rights.rights, dictionaryRoleRights: rights.roleRights, dictionaries: DICTIONARIES.length, dictionaryItems: items };
};
