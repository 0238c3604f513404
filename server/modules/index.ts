/**
 * Every module of the back office, in the order their demo data is seeded (a module's
 * seed may use rows of the modules before it: archives read the archive sections, schools
 * the archives, applications the selection lists, courses the students and staff; the operation rights the seeds add to the
 * right tree take their ids in this order). The app, the schema and the bench read this
 * list; each module's index.ts registers its GraphQL types, REST routes, permissions, texts
 * and seed.
 */
import { authModule } from './auth/index.ts';
import { usersModule } from './users/index.ts';
import { systemModule } from './system/index.ts';
import { projectsModule } from './projects/index.ts';
import { tasksModule } from './tasks/index.ts';
import { scheduleModule } from './schedule/index.ts';
import { workdailyModule } from './workdaily/index.ts';
import { icsModule } from './ics/index.ts';
import { departmentsModule } from './departments/index.ts';
import { companiesModule } from './companies/index.ts';
import { rolesModule } from './roles/index.ts';
import { archiveModulesModule } from './archive-modules/index.ts';
import { lettersModule } from './letters/index.ts';
import { noticesModule } from './notices/index.ts';
import { dictionaryModule } from './dictionary/index.ts';
import { archivesModule } from './archives/index.ts';
import { schoolsModule } from './schools/index.ts';
import { applicationsModule } from './applications/index.ts';
import { coursesModule } from './courses/index.ts';
import type { BackOfficeModule } from '../module.ts';

export const modules: readonly BackOfficeModule[] = [
  // People and organisation, then system settings.
  authModule,
  usersModule,
  departmentsModule,
  companiesModule,
  rolesModule,
  archiveModulesModule,
  systemModule,
  // Projects and communication.
  projectsModule,
  lettersModule,
  noticesModule,
  dictionaryModule,
  // Daily work.
  tasksModule,
  scheduleModule,
  workdailyModule,
  icsModule,
  // Students: archives, schools and selection lists, applications.
  archivesModule,
  schoolsModule,
  applicationsModule,
  // Training: courses, classrooms, lessons on the schedule, hours, attendance, homework.
  coursesModule,
];

export { icsFeedHandler } from './ics/index.ts';
