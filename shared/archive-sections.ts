/**
 * The archive's sections, described once. Each section is a table of its own (see
 * prisma/schema/archives.prisma); this registry says which archive module
 * (right to read or edit, per role and archive state) governs it, which fields it has, how
 * each field is validated, and which fields are sensitive and masked for callers without
 * the right to see them. Validation, masking, the GraphQL types and the legacy JSON are all
 * derived from it, so both doors agree. docs/archives.md lists the fields.
 *
 * It lives in shared/ because the client's section forms read the same table (fields, kinds,
 * codes, lengths): plain data and pure functions, importing nothing (docs/decisions.md).
 */

/** Text kinds keep their maximum length; codes are integers limited to listed values. */
export type FieldKind = 'text' | 'longText' | 'int' | 'float' | 'bool' | 'date' | 'code';

/** How a sensitive value is shown to a caller without the right to see it. */
export type MaskKind = 'phone' | 'email' | 'document' | 'date' | 'address' | 'secret';

export type FieldDef = {
  name: string;
  kind: FieldKind;
  description: string;
  max?: number;
  min?: number;
  /** Allowed codes of a `code` field. */
  codes?: readonly number[];
  mask?: MaskKind;
  /** Checked as an e-mail address (请输入正确的邮箱格式). */
  email?: boolean;
  /** Other legacy names the old client may send for this field. */
  aliases?: readonly string[];
};

export type FileKind = 1 | 2 | 3;

export type SectionDef = {
  /** Name used by GraphQL fields, global ids and the backup JSON. */
  key: string;
  /** Archive module code (server/modules/archive-modules) governing read and edit. */
  module: string;
  /** Prisma delegate. */
  model: SectionModel;
  /** GraphQL type name (sections stored in one table share it). */
  type: string;
  title: string;
  /** One row per archive (bio, family, survey) instead of a list. */
  single?: boolean;
  /** Columns fixed by the section (the exam kind). */
  fixed?: Record<string, number>;
  /** Attachments of the rows: ArchiveFile.kind. */
  fileKind?: FileKind;
  fields: readonly FieldDef[];
};

export type SectionModel =
  | 'archiveBio'
  | 'archiveEducation'
  | 'archiveFamily'
  | 'archiveFamilyMember'
  | 'archiveRewardProject'
  | 'archiveAward'
  | 'archiveExam'
  | 'archiveApplicationAccount'
  | 'archiveCard'
  | 'archiveRecommender'
  | 'archiveMultimedia'
  | 'archiveRelative'
  | 'archiveEssay'
  | 'archiveSurvey'
  | 'archiveApplyInformation'
  | 'archiveOther'
  | 'archiveWriting';

const t = (name: string, max: number, description: string, extra: Partial<FieldDef> = {}): FieldDef => ({ name, kind: 'text', max, description, ...extra });
const long = (name: string, max: number, description: string): FieldDef => ({ name, kind: 'longText', max, description });
const int = (name: string, min: number, max: number, description: string): FieldDef => ({ name, kind: 'int', min, max, description });
const num = (name: string, min: number, max: number, description: string): FieldDef => ({ name, kind: 'float', min, max, description });
const code = (name: string, codes: readonly number[], description: string): FieldDef => ({ name, kind: 'code', codes, description });
const date = (name: string, description: string, extra: Partial<FieldDef> = {}): FieldDef => ({ name, kind: 'date', description, ...extra });
const bool = (name: string, description: string): FieldDef => ({ name, kind: 'bool', description });

export const SEX_CODES = [0, 1, 2] as const;
export const GRADE_MIN = 1;
export const GRADE_MAX = 13;

/** Family member kinds: the two parents need a relation (请选择与学员关系). */
export const FAMILY_KIND = { PRIMARY_PARENT: 1, SECONDARY_PARENT: 2, SIBLING: 3 } as const;
export const EXAM_KIND = { VERICANT: 1, TOEFL_JUNIOR: 2, TOEFL: 3, SSAT: 4, VARIOUS: 5 } as const;
export const FILE_KIND = { EDUCATION: 1, AWARD: 2, MULTIMEDIA: 3 } as const;

const examFields: FieldDef[] = [
  t('examName', 100, 'Name of the exam (various exams), e.g. SAT, AMC 10.'),
  date('examDate', 'Day of the exam.'),
  code('interviewType', [0, 1, 2, 3], 'Vericant only: 0 pre-interview, 1-3 the three interviews.'),
  num('listening', 0, 10000, 'Listening score.'),
  num('reading', 0, 10000, 'Reading score.'),
  num('speaking', 0, 10000, 'Speaking score.'),
  num('writing', 0, 10000, 'Writing score.'),
  num('languageForm', 0, 10000, 'TOEFL Jr.: language form and meaning.'),
  num('verbal', 0, 10000, 'SSAT verbal.'),
  num('quantitative', 0, 10000, 'SSAT quantitative.'),
  num('total', 0, 100000, 'Total score.'),
  num('percentile', 0, 100, 'Percentile, 0-100.'),
  code('prepType', [1, 2, 3, 4], 'Test-prep type: 1 TOEFL, 2 SSAT, 3 SAT, 4 other.'),
  t('note', 1000, 'Remarks.'),
];

const exam = (key: string, module: string, kind: number, title: string): SectionDef => ({
  key,
  module,
  model: 'archiveExam',
  type: 'ArchiveExamScore',
  title,
  fixed: { kind },
  fields: examFields,
});

export const SECTIONS: readonly SectionDef[] = [
  {
    key: 'bio',
    module: 'bio',
    model: 'archiveBio',
    type: 'StudentBio',
    title: 'Student bio',
    single: true,
    fields: [
      t('surName', 50, 'Surname (Chinese).'),
      t('name', 50, 'Given name (Chinese).'),
      t('surNamePy', 50, 'Surname in pinyin.'),
      t('namePy', 50, 'Given name in pinyin.'),
      t('enName', 100, 'English name.'),
      code('sex', SEX_CODES, '0 unknown, 1 male, 2 female.'),
      date('birthday', 'Birthday (sensitive).', { mask: 'date' }),
      t('birthProvince', 50, 'Province of birth.'),
      t('birthCountry', 50, 'Country of birth.'),
      t('passport', 30, 'Passport number (sensitive).', { mask: 'document' }),
      t('secondPassport', 30, 'Second passport number (sensitive).', { mask: 'document' }),
      int('submitGrade', GRADE_MIN, GRADE_MAX, 'The grade applied for (1-12, 13 post-graduate).'),
      bool('onlyChild', 'Only child.'),
      t('homeAddress', 300, 'Home address (sensitive).', { mask: 'address' }),
      t('province', 50, 'Province of residence.'),
      t('country', 50, 'Country of residence.'),
      t('zip', 20, 'Postcode of the home address (sensitive).', { mask: 'secret' }),
      t('phone', 30, 'Mobile phone (sensitive).', { mask: 'phone' }),
      t('tel', 30, 'Landline (sensitive).', { mask: 'phone' }),
      t('email', 200, 'E-mail (sensitive).', { mask: 'email', email: true }),
    ],
  },
  {
    key: 'educations',
    module: 'education',
    model: 'archiveEducation',
    type: 'ArchiveEducation',
    title: 'Education entry',
    fileKind: FILE_KIND.EDUCATION,
    fields: [
      t('school', 200, 'School name.'),
      t('address', 300, 'School address.'),
      code('type', [1, 2, 3, 4, 5], '1 public, 2 private, 3 international, 4 boarding, 5 other.'),
      code('examType', [1, 2, 3, 4, 5], 'Curriculum: 1 Chinese, 2 IB, 3 A-Level, 4 AP, 5 other.'),
      t('scoreRule', 100, 'How the school scores (percentage, letters, GPA...).'),
      t('principalName', 100, 'Name of the principal.'),
      t('zip', 20, 'School postcode.'),
      t('province', 50, 'Province.'),
      t('country', 50, 'Country.'),
      t('tel', 30, 'School phone.'),
      date('beginDate', 'First day.'),
      date('endDate', 'Last day (empty while attending).'),
      t('email', 200, 'School e-mail.', { email: true }),
      long('disciplineRemark', 2000, 'Discipline record.'),
    ],
  },
  {
    key: 'family',
    module: 'family',
    model: 'archiveFamily',
    type: 'ArchiveFamily',
    title: 'Family',
    single: true,
    fields: [
      code('maritalStatus', [1, 2, 3, 4], "Parents' marital status: 1 married, 2 divorced, 3 widowed, 4 other."),
      t('livesWith', 100, 'Whom the student lives with.'),
      t('homeLanguage', 50, 'Language spoken at home.'),
      int('siblingCount', 0, 20, 'Number of siblings.'),
      long('financialNote', 2000, 'Who pays the fees, budget remarks.'),
      long('remark', 2000, 'Remarks.'),
    ],
  },
  {
    key: 'familyMembers',
    module: 'family',
    model: 'archiveFamilyMember',
    type: 'ArchiveFamilyMember',
    title: 'Family member',
    fields: [
      code('kind', [1, 2, 3], '1 primary parent, 2 secondary parent, 3 sibling.'),
      t('name', 100, 'Name.'),
      t('nameEn', 100, 'English or pinyin name.'),
      code('relation', [1, 2, 3, 4, 5, 6, 7], 'Relation to the student: 1 father, 2 mother, 3 grandparent, 4 guardian, 5 brother, 6 sister, 7 other (required for parents).'),
      date('birthday', 'Birthday (sensitive).', { mask: 'date' }),
      t('phone', 30, 'Phone (sensitive).', { mask: 'phone' }),
      t('email', 200, 'E-mail (sensitive).', { mask: 'email', email: true }),
      t('company', 200, 'Employer.'),
      t('title', 100, 'Job title.'),
      t('companyPhone', 30, 'Work phone (sensitive).', { mask: 'phone' }),
      t('companyAddress', 300, 'Work address (sensitive).', { mask: 'address' }),
      t('education', 100, 'Highest education.'),
      t('schools', 300, 'Schools attended (parents) or attending (siblings).'),
      t('cities', 200, 'Cities lived in.'),
    ],
  },
  {
    key: 'rewardProjects',
    module: 'awards',
    model: 'archiveRewardProject',
    type: 'ArchiveRewardProject',
    title: 'Reward project',
    fields: [t('name', 200, 'Project name (required).'), long('description', 2000, 'What the project is.')],
  },
  {
    key: 'awards',
    module: 'awards',
    model: 'archiveAward',
    type: 'ArchiveAward',
    title: 'Extracurricular award',
    fileKind: FILE_KIND.AWARD,
    fields: [
      t('performName', 200, 'Activity or award name.'),
      date('beginDate', 'Start.'),
      date('endDate', 'End.'),
      int('categoryId', 1, 2_147_483_647, 'Category (dictionary item id).'),
      code('certificateLevel', [1, 2, 3, 4, 5], '1 school, 2 city, 3 provincial, 4 national, 5 international.'),
      t('certificateName', 200, 'Certificate name.'),
      int('projectId', 1, 2_147_483_647, 'Reward project (database id of an ArchiveRewardProject of the same archive).'),
      t('rank', 100, 'Rank or place.'),
      num('weekHours', 0, 168, 'Hours per week.'),
      t('yearMonth', 7, 'yyyy-MM of the award.'),
      t('levelOfInvolvement', 100, 'Level of involvement.'),
      t('leaderPositions', 200, 'Leadership positions held.'),
      long('desc', 2000, 'Description.'),
      num('score', 0, 100, "The consultant's internal rating, 0-100 (see isShowScore)."),
    ],
  },
  exam('vericant', 'exams.vericant', EXAM_KIND.VERICANT, 'Vericant'),
  exam('toeflJunior', 'exams.toeflJunior', EXAM_KIND.TOEFL_JUNIOR, 'TOEFL Jr.'),
  exam('toefl', 'exams.toefl', EXAM_KIND.TOEFL, 'TOEFL'),
  exam('ssat', 'exams.ssat', EXAM_KIND.SSAT, 'SSAT'),
  exam('variousExams', 'exams.various', EXAM_KIND.VARIOUS, 'Various exams'),
  {
    key: 'applicationAccounts',
    module: 'accounts.application',
    model: 'archiveApplicationAccount',
    type: 'ArchiveApplicationAccount',
    title: 'Application account',
    fields: [
      code('platform', [1, 2, 3, 4, 5], '1 SAO, 2 Gateway, 3 Ravenna, 4 school portal, 5 other.'),
      t('url', 300, 'Login page.'),
      t('account', 100, 'Login name (sensitive).', { mask: 'secret' }),
      t('password', 100, 'Password (sensitive; always masked without the right).', { mask: 'secret' }),
      t('email', 200, 'E-mail registered with the platform (sensitive).', { mask: 'email', email: true }),
      t('note', 1000, 'Remarks.'),
    ],
  },
  {
    key: 'cards',
    module: 'accounts.card',
    model: 'archiveCard',
    type: 'ArchiveCard',
    title: 'Card info',
    fields: [
      t('holderName', 100, 'Card holder.'),
      t('brand', 30, 'Visa, MasterCard, UnionPay...'),
      t('last4', 30, 'Last four digits only (4 digits); full numbers are refused, never stored (sensitive).', { mask: 'secret' }),
      t('expiry', 5, 'MM/yy.'),
      t('billingAddress', 300, 'Billing address (sensitive).', { mask: 'address' }),
      t('note', 1000, 'Remarks.'),
    ],
  },
  {
    key: 'recommenders',
    module: 'accounts.recommender',
    model: 'archiveRecommender',
    type: 'ArchiveRecommender',
    title: 'Recommender account',
    fields: [
      code('type', [1, 2, 3, 4, 5], '1 math, 2 English, 3 head teacher, 4 science, 5 personal (required).'),
      t('name', 100, 'Name.'),
      t('title', 100, 'Title.'),
      t('school', 200, 'School or organisation.'),
      t('email', 200, 'E-mail (sensitive).', { mask: 'email', email: true }),
      t('phone', 30, 'Phone (sensitive).', { mask: 'phone' }),
      t('account', 100, "The recommender's platform account."),
      t('note', 1000, 'Remarks.'),
    ],
  },
  {
    key: 'multimedia',
    module: 'multimedia',
    model: 'archiveMultimedia',
    type: 'ArchiveMultimedia',
    title: 'Multimedia activity',
    fileKind: FILE_KIND.MULTIMEDIA,
    fields: [
      t('title', 200, 'Title.'),
      code('mediaType', [1, 2, 3, 4, 5], '1 video, 2 audio, 3 photos, 4 link, 5 other.'),
      t('url', 500, 'Link (http or https).'),
      date('recordedOn', 'Day recorded.'),
      long('description', 2000, 'Description.'),
    ],
  },
  {
    key: 'relatives',
    module: 'relatives',
    model: 'archiveRelative',
    type: 'ArchiveRelative',
    title: 'Legacy relative',
    fields: [
      t('name', 100, 'Name.'),
      t('relation', 50, 'Relation to the student.'),
      t('schoolName', 200, 'School the relative attended.'),
      int('graduationYear', 1900, 2100, 'Graduation year.'),
      t('note', 1000, 'Remarks.'),
    ],
  },
  {
    key: 'essays',
    module: 'writing.essayProgress',
    model: 'archiveEssay',
    type: 'ArchiveEssay',
    title: 'Essay progress',
    fields: [
      t('schoolName', 200, 'School the essay is for.'),
      t('topic', 500, 'Prompt or topic.'),
      int('wordLimit', 1, 100000, 'Word limit.'),
      code('status', [1, 2, 3, 4, 5], '1 not started, 2 drafting, 3 in review, 4 final, 5 submitted.'),
      date('dueDate', 'Due day.'),
      t('tutor', 100, 'Writing tutor.'),
      t('note', 1000, 'Remarks.'),
    ],
  },
  {
    key: 'survey',
    module: 'survey',
    model: 'archiveSurvey',
    type: 'ArchiveSurvey',
    title: 'Survey',
    single: true,
    fields: [
      long('interests', 2000, 'Interests.'),
      long('strengths', 2000, 'Strengths.'),
      long('personality', 2000, 'Personality.'),
      code('targetRegion', [1, 2, 3, 4], '1 US, 2 UK, 3 both, 4 undecided.'),
      code('preferredSchoolSize', [0, 1, 2, 3], '0 no preference, 1 small, 2 medium, 3 large.'),
      code('boarding', [0, 1, 2], '0 either, 1 boarding, 2 day.'),
      code('coed', [0, 1, 2], '0 either, 1 co-ed, 2 single-sex.'),
      int('budget', 0, 10_000_000, 'Yearly budget in US dollars.'),
      long('goals', 2000, 'Goals.'),
      long('remark', 2000, 'Remarks.'),
    ],
  },
  {
    key: 'applyInformation',
    module: 'applyInformation',
    model: 'archiveApplyInformation',
    type: 'ArchiveApplyInformation',
    title: 'Apply information',
    fields: [
      int('entryYear', 2000, 2100, 'Entry year.'),
      int('targetGrade', GRADE_MIN, GRADE_MAX, 'Grade applied for.'),
      code('country', [1, 2, 3], '1 US, 2 UK, 3 other.'),
      code('schoolType', [1, 2, 3], '1 boarding, 2 day, 3 either.'),
      code('platform', [1, 2, 3, 4, 5], '1 SAO, 2 Gateway, 3 Ravenna, 4 school portal, 5 other.'),
      date('deadline', 'Application deadline.'),
      t('note', 1000, 'Remarks.'),
    ],
  },
  {
    key: 'others',
    module: 'others',
    model: 'archiveOther',
    type: 'ArchiveOther',
    title: 'Other data',
    fields: [t('category', 50, 'Category.'), t('title', 200, 'Title.'), long('content', 5000, 'Content.')],
  },
  {
    key: 'writings',
    module: 'writing.data',
    model: 'archiveWriting',
    type: 'ArchiveWriting',
    title: 'Writing data',
    fields: [
      t('title', 200, 'Title.'),
      code('kind', [1, 2, 3, 4, 5], '1 essay, 2 personal statement, 3 graded paper, 4 writing sample, 5 other.'),
      long('content', 20000, 'The text.'),
      int('wordCount', 0, 100000, 'Word count.'),
      date('writtenOn', 'Day written.'),
      t('note', 1000, 'Remarks.'),
    ],
  },
];

export const SECTION_BY_KEY = new Map(SECTIONS.map((s) => [s.key, s]));

export function sectionOf(key: string): SectionDef {
  const s = SECTION_BY_KEY.get(key);
  if (!s) throw new Error(`unknown archive section ${key}`);
  return s;
}

/** The section a stored row belongs to (exam rows by their kind). */
export function sectionOfRow(model: SectionModel, row: Record<string, unknown>): SectionDef | undefined {
  return SECTIONS.find((s) => s.model === model && (!s.fixed || Object.entries(s.fixed).every(([k, v]) => row[k] === v)));
}

export function sectionOfFileKind(kind: number): SectionDef | undefined {
  return SECTIONS.find((s) => s.fileKind === kind);
}

/** Sections by GraphQL type (rows of a type share one table). */
export const SECTIONS_BY_TYPE = new Map<string, SectionDef[]>();
for (const s of SECTIONS) SECTIONS_BY_TYPE.set(s.type, [...(SECTIONS_BY_TYPE.get(s.type) ?? []), s]);
