import type { Prisma, PrismaClient } from '../../server/generated/prisma/client.ts';
import { hashPassword } from '../../server/modules/auth/passwords.ts';
import {
  ADMIN_PASSWORD,
  ADULT_GIVEN_FEMALE,
  ADULT_GIVEN_MALE,
  CHILD_GIVEN_FEMALE,
  CHILD_GIVEN_MALE,
  COMPANY_BRANDS,
  COMPANY_CITIES,
  COMPANY_KINDS,
  COMPANY_USERS,
  DEPARTMENTS,
  type DepartmentKey,
  ENGLISH_NAMES_FEMALE,
  ENGLISH_NAMES_MALE,
  MOBILE_PREFIXES,
  PROJECTS,
  PROJECT_STATES,
  PROJECT_TEMPLATES,
  ROLES,
  type RoleCode,
  STAFF,
  STAFF_PASSWORD,
  SURNAMES,
} from './catalogue.ts';
import { PINNED_SEED_TODAY, addDays, addYears, daysBetween, parseSeedToday, resolveSeedToday } from './dates.ts';
import { createRandom, type Random } from './random.ts';
import { ROLE_GRANTS, buildRights, rightIdsFor } from './rights.ts';
import { buildTimeZones } from './time-zones.ts';
import { modules } from '../../server/modules/index.ts';
import type { ModuleSeedContext } from '../../server/module.ts';

export type SeedOptions = {
  scale?: number;
  log?: (line: string) => void;
  /** The seed's today (`yyyy-MM-dd` or a day at 00:00 UTC); default `SEED_TODAY`, else the current day in Asia/Shanghai. */
  today?: string | Date;
  /** The file store demo files (course homework) are written to: the server's configuration; default the database store. */
  files?: ModuleSeedContext['files'];
};

/** The database file store (FILE_STORE's default), for seeds run without the server's configuration. */
const DATABASE_FILES: ModuleSeedContext['files'] = { fileStore: 'postgres', dataDir: '', filesDir: undefined, s3: undefined };

/** Rows written per table. */
export type SeedSummary = Record<string, number> & {
  projectStates: number;
  roles: number;
  rights: number;
  roleRights: number;
  departments: number;
  users: number;
  userRoles: number;
  projects: number;
  companyUsers: number;
  sysTimeZones: number;
};

/**
 * The day the demo was written for (2026-09-01): seeding with `SEED_TODAY=2026-09-01` gives the
 * data every test expects. Otherwise dates are offsets from the seed's today (dates.ts).
 */
export const SEED_REFERENCE_DATE = parseSeedToday(PINNED_SEED_TODAY);

/** Row counts of the bulk tables at scale 1. */
const BASE = { staff: STAFF.length, parents: 15, students: 40, projects: PROJECTS.length, companyUsers: COMPANY_USERS.length };

const USER_STAFF = 1;
const USER_PARENT = 2;
const USER_STUDENT = 3;
const BATCH_SIZE = 500;
const SERIAL_TABLES = ['users', 'departments', 'company_users', 'roles', 'rights', 'sys_time_zones', 'projects'] as const;
const OVERSEAS_ZONES = ['America/New_York', 'America/Los_Angeles', 'Europe/London'] as const;

type SeedData = {
  projectStates: Prisma.ProjectStateCreateManyInput[];
  roles: Prisma.RoleCreateManyInput[];
  rights: Prisma.RightCreateManyInput[];
  roleRights: Prisma.RoleRightCreateManyInput[];
  departments: Prisma.DepartmentCreateManyInput[];
  departmentManagers: { id: number; managerId: number }[];
  users: Prisma.UserCreateManyInput[];
  userRoles: Prisma.UserRoleCreateManyInput[];
  projects: Prisma.ProjectCreateManyInput[];
  companyUsers: Prisma.CompanyUserCreateManyInput[];
  sysTimeZones: Prisma.SysTimeZoneCreateManyInput[];
};

type PasswordHashes = { admin: string; staff: string };

const pad = (n: number, width: number): string => String(n).padStart(width, '0');

const day = (iso: string): Date => new Date(`${iso}T00:00:00.000Z`);

function randomDay(rand: Random, fromIso: string, toIso: string): Date {
  const from = day(fromIso).getTime();
  const to = day(toIso).getTime();
  const days = Math.round((to - from) / 86_400_000);
  return new Date(from + rand.int(0, days) * 86_400_000);
}

/** A day among the `days + 1` days from `from` on. */
const randomDayFrom = (rand: Random, from: Date, days: number): Date => addDays(from, rand.int(0, days));

const staffMobile = (rand: Random): string => `13${rand.int(0, 9)}${rand.digits(8)}`;
const otherMobile = (rand: Random): string => `${rand.pick(MOBILE_PREFIXES)}${rand.digits(8)}`;

/** Generated rows are scaled relative to the fixed ones; scale 1 adds none. */
const extraRows = (base: number, scale: number): number => Math.max(0, Math.round(base * scale) - base);

/** Birthdays of students span this many days from the youngest adult's birthday plus one (as on 2026-09-01: 2008-09-02 to 2013-12-31). */
const STUDENT_BIRTHDAY_SPAN_DAYS = 1946;

function buildData(scale: number, hashes: PasswordHashes, today: Date): SeedData {
  const projectStates = PROJECT_STATES.map((s) => ({ code: s.code, name: s.name, nameEn: s.nameEn }));

  // Roles and rights.
  const roleIds = new Map<RoleCode, number>();
  const roles = ROLES.map((role, index) => {
    roleIds.set(role.code, index + 1);
    return { id: index + 1, ...role, sort: index + 1 };
  });
  const roleId = (code: RoleCode): number => {
    const id = roleIds.get(code);
    if (id === undefined) throw new Error(`Unknown role ${code}`);
    return id;
  };
  const rightRows = buildRights();
  const roleRights: Prisma.RoleRightCreateManyInput[] = [];
  for (const role of ROLES) {
    const grant = ROLE_GRANTS[role.code];
    if (!grant) continue;
    for (const rightId of rightIdsFor(grant, rightRows)) roleRights.push({ roleId: roleId(role.code), rightId });
  }

  // Departments (managers are set once the staff exist).
  const departmentIds = new Map<DepartmentKey, number>();
  DEPARTMENTS.forEach((d, index) => departmentIds.set(d.key, index + 1));
  const departmentId = (key: DepartmentKey): number => departmentIds.get(key) ?? 1;
  const siblingIndex = new Map<string, number>();
  const departments = DEPARTMENTS.map((d) => {
    const group = d.parent ?? '';
    const sort = (siblingIndex.get(group) ?? 0) + 1;
    siblingIndex.set(group, sort);
    return { id: departmentId(d.key), name: d.name, nameEn: d.nameEn, parentId: d.parent ? departmentId(d.parent) : null, sort };
  });

  // Staff: the fixed list, then generated staff.0001.. when scale > 1.
  const users: Prisma.UserCreateManyInput[] = [];
  const userRoles: Prisma.UserRoleCreateManyInput[] = [];
  const accountIds = new Map<string, number>();
  const staffByRole = new Map<RoleCode, number[]>();
  const addUser = (row: Omit<Prisma.UserCreateManyInput, 'id'>, role: RoleCode): number => {
    const id = users.length + 1;
    users.push({ id, ...row });
    userRoles.push({ userId: id, roleId: roleId(role) });
    if (row.account) accountIds.set(row.account, id);
    if (row.type === USER_STAFF && row.state !== 3) {
      const list = staffByRole.get(role) ?? [];
      list.push(id);
      staffByRole.set(role, list);
    }
    return id;
  };

  const staffRand = createRandom(20260901);
  let staffNumber = 0;
  for (const s of STAFF) {
    staffNumber++;
    addUser(
      {
        type: USER_STAFF,
        account: s.account,
        passwordHash: s.password === 'admin' ? hashes.admin : hashes.staff,
        name: s.name,
        nameEn: s.nameEn,
        email: `${s.account}@example.com`,
        mobile: staffMobile(staffRand),
        code: `S${pad(staffNumber, 4)}`,
        gender: s.gender,
        birthday: randomDay(staffRand, '1975-01-01', '1998-12-31'),
        departmentId: departmentId(s.department),
        timeZone: s.timeZone ?? 'Asia/Shanghai',
        language: s.language ?? 0,
        state: s.state ?? 1,
        sendMail: s.sendMail ?? false,
      },
      s.role,
    );
  }

  const extraStaffRand = createRandom(1001);
  const extraStaffRoles: { role: RoleCode; weight: number; departments: DepartmentKey[] }[] = [
    { role: 'consultant', weight: 40, departments: ['us', 'uk'] },
    { role: 'lecturer', weight: 30, departments: ['training'] },
    { role: 'sales', weight: 20, departments: ['sales'] },
    { role: 'partner', weight: 5, departments: ['partners'] },
    { role: 'manager', weight: 5, departments: ['admissions', 'training', 'sales'] },
  ];
  const extraStaff = extraRows(BASE.staff, scale);
  for (let i = 1; i <= extraStaff; i++) {
    let ticket = extraStaffRand.int(1, 100);
    const kind = extraStaffRoles.find((k) => (ticket -= k.weight) <= 0) ?? extraStaffRoles[0]!;
    const gender = extraStaffRand.chance(0.5) ? 1 : 2;
    const [surname, surnamePy] = extraStaffRand.pick(SURNAMES);
    const [given, givenPy] = extraStaffRand.pick(gender === 1 ? ADULT_GIVEN_MALE : ADULT_GIVEN_FEMALE);
    const overseas = extraStaffRand.chance(0.08);
    const account = `staff.${pad(i, 4)}`;
    staffNumber++;
    addUser(
      {
        type: USER_STAFF,
        account,
        passwordHash: hashes.staff,
        name: `${surname}${given}`,
        nameEn: `${givenPy} ${surnamePy}`,
        email: `${account}@example.com`,
        mobile: staffMobile(extraStaffRand),
        code: `S${pad(staffNumber, 4)}`,
        gender,
        birthday: randomDay(extraStaffRand, '1975-01-01', '1999-12-31'),
        departmentId: departmentId(extraStaffRand.pick(kind.departments)),
        timeZone: overseas ? extraStaffRand.pick(OVERSEAS_ZONES) : 'Asia/Shanghai',
        language: overseas && extraStaffRand.chance(0.5) ? 1 : 0,
        state: extraStaffRand.chance(0.1) ? 2 : 1,
        sendMail: extraStaffRand.chance(0.3),
      },
      kind.role,
    );
  }

  const accountId = (account: string): number => {
    const id = accountIds.get(account);
    if (id === undefined) throw new Error(`Unknown seed account ${account}`);
    return id;
  };
  const departmentManagers = DEPARTMENTS.map((d) => ({ id: departmentId(d.key), managerId: accountId(d.manager) }));

  // Parents, then their children. Parent and student accounts stay null except the demo logins.
  const familyRand = createRandom(2027);
  const parentCount = Math.max(2, Math.round(BASE.parents * scale));
  const studentCount = Math.max(parentCount, Math.round(BASE.students * scale));
  const parents: { id: number; familySurname: readonly [string, string]; timeZone: string }[] = [];
  for (let p = 0; p < parentCount; p++) {
    const gender = familyRand.chance(0.6) ? 2 : 1;
    const surname = familyRand.pick(SURNAMES);
    const familySurname = gender === 1 ? surname : familyRand.pick(SURNAMES);
    const [given, givenPy] = familyRand.pick(gender === 1 ? ADULT_GIVEN_MALE : ADULT_GIVEN_FEMALE);
    const account = p === 0 ? 'parent.demo' : p === 1 ? 'parent.demo2' : null;
    const timeZone = familyRand.chance(0.1) ? 'Asia/Hong_Kong' : 'Asia/Shanghai';
    const id = addUser(
      {
        type: USER_PARENT,
        account,
        passwordHash: account ? hashes.staff : null,
        name: `${surname[0]}${given}`,
        nameEn: `${givenPy} ${surname[1]}`,
        email: `${givenPy.toLowerCase()}.${surname[1].toLowerCase()}${pad(p + 1, 3)}@example.net`,
        mobile: otherMobile(familyRand),
        gender,
        birthday: randomDay(familyRand, '1972-01-01', '1986-12-31'),
        timeZone,
        language: 0,
        state: 1,
        sendMail: familyRand.chance(0.5),
      },
      'parent',
    );
    parents.push({ id, familySurname, timeZone });
  }

  const consultants = staffByRole.get('consultant') ?? [];
  const lecturers = staffByRole.get('lecturer') ?? [];
  const firstChildOf = new Set<number>();
  for (let s = 0; s < studentCount; s++) {
    const parentIndex = Math.floor((s * parentCount) / studentCount);
    const parent = parents[parentIndex]!;
    const firstChild = !firstChildOf.has(parentIndex);
    firstChildOf.add(parentIndex);
    const gender = familyRand.chance(0.5) ? 1 : 2;
    const [given] = familyRand.pick(gender === 1 ? CHILD_GIVEN_MALE : CHILD_GIVEN_FEMALE);
    const english = familyRand.pick(gender === 1 ? ENGLISH_NAMES_MALE : ENGLISH_NAMES_FEMALE);
    // Born after today 18 years ago, so that every student is a minor today (about 12 to 18).
    const birthday = randomDayFrom(familyRand, addDays(addYears(today, -18), 1), STUDENT_BIRTHDAY_SPAN_DAYS);
    const abroad = familyRand.chance(0.12);
    const account = firstChild && parentIndex === 0 ? 'student.demo' : firstChild && parentIndex === 1 ? 'student.demo2' : null;
    const surnamePy = parent.familySurname[1];
    addUser(
      {
        type: USER_STUDENT,
        account,
        passwordHash: account ? hashes.staff : null,
        name: `${parent.familySurname[0]}${given}`,
        nameEn: `${english} ${surnamePy}`,
        email: familyRand.chance(0.5) ? `${english.toLowerCase()}.${surnamePy.toLowerCase()}${pad(s + 1, 3)}@example.net` : null,
        mobile: birthday.getUTCFullYear() <= today.getUTCFullYear() - 16 && familyRand.chance(0.6) ? otherMobile(familyRand) : null,
        gender,
        birthday,
        timeZone: abroad ? familyRand.pick(['America/New_York', 'Europe/London'] as const) : parent.timeZone,
        language: 0,
        state: 1,
        parentId: parent.id,
        consultantId: consultants.length ? familyRand.pick(consultants) : null,
        lecturerId: lecturers.length ? familyRand.pick(lecturers) : null,
      },
      'student',
    );
  }

  // Projects: the fixed ones, then generated ones whose state follows their dates. Generated
  // projects are drawn on the calendar of 2026-09-01 and moved by the days since then.
  const shift = daysBetween(SEED_REFERENCE_DATE, today);
  const shiftYears = Math.round(shift / 365.25);
  const projects: Prisma.ProjectCreateManyInput[] = PROJECTS.map((p, index) => ({
    id: index + 1,
    code: p.code,
    name: p.name,
    nameEn: p.nameEn,
    stateCode: p.state,
    managerId: accountId(p.manager),
    createdById: accountId(p.createdBy),
    description: p.description,
    startDate: addDays(today, p.startDay),
    endDate: addDays(today, p.endDay),
  }));
  const projectRand = createRandom(4242);
  const projectManagers = [...(staffByRole.get('manager') ?? []), ...consultants];
  const creators = staffByRole.get('manager') ?? [accountId('admin')];
  const extraProjects = extraRows(BASE.projects, scale);
  for (let k = 1; k <= extraProjects; k++) {
    const template = PROJECT_TEMPLATES[(k - 1) % PROJECT_TEMPLATES.length]!;
    const drawnYear = projectRand.int(2024, 2028);
    const year = drawnYear + shiftYears;
    const admissions = template.cycle === 'admissions';
    const [from, to] = 'window' in template ? template.window : ['01-05', '10-31'];
    const drawnStart = admissions ? randomDay(projectRand, `${drawnYear - 1}-04-01`, `${drawnYear - 1}-09-30`) : randomDay(projectRand, `${drawnYear}-${from}`, `${drawnYear}-${to}`);
    const startDate = addDays(drawnStart, shift);
    const endDate = addDays(startDate, admissions ? projectRand.int(180, 320) : projectRand.int(10, 60));
    let stateCode: number;
    if (endDate < today) stateCode = projectRand.chance(0.1) ? 5 : 4;
    else if (startDate > today) stateCode = projectRand.chance(0.1) ? 5 : 1;
    else stateCode = projectRand.chance(0.15) ? 3 : 2;
    const cohort = Math.ceil(k / PROJECT_TEMPLATES.length);
    projects.push({
      id: projects.length + 1,
      code: `P${year}-${template.code}-${pad(k, 3)}`,
      name: `${year} ${template.name} 第${cohort}期`,
      nameEn: `${year} ${template.nameEn}, cohort ${cohort}`,
      stateCode,
      managerId: projectRand.pick(projectManagers),
      createdById: projectRand.pick(creators),
      description: `${template.name}（${template.nameEn}）第${cohort}期。`,
      startDate,
      endDate,
    });
  }

  // Company contacts.
  const companyUsers: Prisma.CompanyUserCreateManyInput[] = COMPANY_USERS.map((c, index) => ({ id: index + 1, ...c }));
  const companyRand = createRandom(88);
  const extraCompanyUsers = extraRows(BASE.companyUsers, scale);
  for (let k = 1; k <= extraCompanyUsers; k++) {
    const kind = companyRand.pick(COMPANY_KINDS);
    const gender = companyRand.chance(0.5) ? 1 : 2;
    const [surname, surnamePy] = companyRand.pick(SURNAMES);
    const [given, givenPy] = companyRand.pick(gender === 1 ? ADULT_GIVEN_MALE : ADULT_GIVEN_FEMALE);
    companyUsers.push({
      id: companyUsers.length + 1,
      companyName: `${companyRand.pick(COMPANY_CITIES)}${companyRand.pick(COMPANY_BRANDS)}${kind.name}`,
      name: `${surname}${given}`,
      nameEn: `${givenPy} ${surnamePy}`,
      title: kind.title,
      mobile: otherMobile(companyRand),
      email: `${givenPy.toLowerCase()}.${surnamePy.toLowerCase()}${pad(k, 4)}@partner.example.com`,
      remark: kind.remark,
    });
  }

  return {
    projectStates,
    roles,
    rights: rightRows,
    roleRights,
    departments,
    departmentManagers,
    users,
    userRoles,
    projects,
    companyUsers,
    sysTimeZones: buildTimeZones(),
  };
}

async function inBatches<T>(rows: T[], insert: (batch: T[]) => Promise<{ count: number }>): Promise<number> {
  let count = 0;
  for (let start = 0; start < rows.length; start += BATCH_SIZE) {
    count += (await insert(rows.slice(start, start + BATCH_SIZE))).count;
  }
  return count;
}

/**
 * Fills an empty, migrated database with bilingual demo data in one transaction.
 * `scale` (default 1) multiplies the generated staff, parents, students, projects and
 * company contacts; the fixed demo accounts never change.
 */
export async function seed(db: PrismaClient, options: SeedOptions = {}): Promise<SeedSummary> {
  const scale = options.scale ?? 1;
  if (!Number.isFinite(scale) || scale <= 0) throw new Error(`Seed scale must be a positive number, got ${scale}`);
  const log = options.log ?? (() => {});
  const today = resolveSeedToday(options.today);
  const started = performance.now();
  const elapsed = (): string => `${Math.round(performance.now() - started)} ms`;

  // Hash each distinct password once, before the transaction opens.
  const [admin, staff] = await Promise.all([hashPassword(ADMIN_PASSWORD), hashPassword(STAFF_PASSWORD)]);
  const data = buildData(scale, { admin, staff }, today);
  log(`seed: built ${data.users.length} users and ${data.rights.length} rights at scale ${scale}, today ${today.toISOString().slice(0, 10)} (${elapsed()})`);

  const summary = await db.$transaction(
    async (tx) => {
      const existing = await tx.user.count();
      if (existing > 0) throw new Error(`Seed expects an empty database, found ${existing} users`);

      const projectStates = (await tx.projectState.createMany({ data: data.projectStates })).count;
      const roles = (await tx.role.createMany({ data: data.roles })).count;
      const rights = await inBatches(data.rights, (batch) => tx.right.createMany({ data: batch }));
      const roleRights = await inBatches(data.roleRights, (batch) => tx.roleRight.createMany({ data: batch }));
      log(`seed: ${roles} roles, ${rights} rights, ${roleRights} role rights (${elapsed()})`);

      const departments = (await tx.department.createMany({ data: data.departments })).count;
      // Users are ordered so that every parent row precedes the rows pointing at it.
      const users = await inBatches(data.users, (batch) => tx.user.createMany({ data: batch }));
      for (const { id, managerId } of data.departmentManagers) {
        await tx.department.update({ where: { id }, data: { managerId } });
      }
      const userRoles = await inBatches(data.userRoles, (batch) => tx.userRole.createMany({ data: batch }));
      log(`seed: ${departments} departments, ${users} users, ${userRoles} user roles (${elapsed()})`);

      const projects = await inBatches(data.projects, (batch) => tx.project.createMany({ data: batch }));
      const companyUsers = await inBatches(data.companyUsers, (batch) => tx.companyUser.createMany({ data: batch }));
      const sysTimeZones = await inBatches(data.sysTimeZones, (batch) => tx.sysTimeZone.createMany({ data: batch }));
      log(`seed: ${projects} projects, ${companyUsers} company users, ${sysTimeZones} time zones (${elapsed()})`);

      // Rows were written with explicit ids: move each sequence past them.
      for (const table of SERIAL_TABLES) {
        await tx.$executeRawUnsafe(`SELECT setval(pg_get_serial_sequence('"${table}"', 'id'), (SELECT COALESCE(MAX(id), 0) + 1 FROM "${table}"), false)`);
      }

      return { projectStates, roles, rights, roleRights, departments, users, userRoles, projects, companyUsers, sysTimeZones };
    },
    { timeout: 300_000, maxWait: 60_000 },
  );
  // Each module seeds its own rows after the core has committed, in the order of the module
  // list (server/modules/index.ts): its `<m>.seed.ts`, registered by its index.ts.
  const all: SeedSummary = { ...summary };
  for (const module of modules.filter((m) => m.seed)) {
    const rows = await module.seed!(db, { scale, log, referenceDate: today, files: options.files ?? DATABASE_FILES });
    Object.assign(all, rows);
    if (Object.keys(rows).length > 0) log(`seed: ${module.name}: ${JSON.stringify(rows)} (${elapsed()})`);
  }
  log(`seed: done in ${elapsed()}`);
  return all;
}
