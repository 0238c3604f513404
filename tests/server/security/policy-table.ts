/**
 * The policy table of the GraphQL mutations no module matrix covers (issue 15), shared by the
 * generated matrices of both doors: the permission matrix (authz-matrix.test.ts: every mutation ×
 * every demo role), the own / other object matrix (authz-own-other.test.ts: every `staff` row ×
 * every staff role × an object of the role's own and someone else's) and the legacy matrix
 * (`legacy-authz-matrix*.test.ts`: the legacy writes, each named by the mutation it shares a
 * service with). Not a test file itself.
 */
/** Any signed-in caller (own settings, own session, own box). */
export const SIGNED_IN = 'signedIn';
/**
 * Parents and students are refused; for staff the answer depends on the object (the task's
 * people, the event's creator, the archive module's rights by the archive's state), which the
 * module tests cover (tasks-graphql, tasks-viewer-rights, archives-permissions, events): the
 * permission matrix asserts only that no staff role is refused as unauthenticated;
 * authz-own-other.test.ts calls every such row as each staff role on an object of its own and
 * on someone else's.
 */
export const STAFF = 'staff';
/** No token needed. */
export const PUBLIC = 'public';

/** The policy table of the mutations no module matrix covers: mutation → permission (or one of the three kinds above). */
export const RULES: Record<string, string> = {
  // Auth and own settings.
  login: PUBLIC,
  refreshToken: PUBLIC,
  logout: SIGNED_IN,
  changePassword: SIGNED_IN,
  setLanguage: SIGNED_IN,
  setTimeZone: SIGNED_IN,
  markAllLettersRead: SIGNED_IN,
  dismissDailyReminder: SIGNED_IN,
  saveWorkNote: SIGNED_IN,
  revokeSession: SIGNED_IN,
  // Notices: edited and withdrawn by their publishers' right (the module matrix covers publishing).
  updateNotice: 'notice.publish',
  withdrawNotice: 'notice.publish',
  // Calendar feeds: one's own, or everyone's for managers.
  openIcsSubscription: SIGNED_IN,
  pauseIcsSubscription: SIGNED_IN,
  restoreIcsSubscription: SIGNED_IN,
  regenerateIcsSubscription: SIGNED_IN,
  setIcsPushFrequency: SIGNED_IN,
  batchOpenIcsSubscriptions: 'ics.manageAll',
  batchPauseIcsSubscriptions: 'ics.manageAll',
  importIcs: 'ics.import',
  // Users and staff.
  activateUser: 'user.edit',
  deactivateUser: 'user.edit',
  deactivateStaff: 'staff.changeState',
  // Tasks: whoever sees the task, the assigner, the project's manager (object rules).
  createTask: 'task.create',
  abandonTask: STAFF,
  addTaskAddition: STAFF,
  assignTask: STAFF,
  changeTaskPriority: STAFF,
  completeTask: STAFF,
  deleteTasks: STAFF,
  pauseTask: STAFF,
  reportTaskDaily: STAFF,
  resumeTask: STAFF,
  stopWaitingTask: STAFF,
  undoCompleteTask: STAFF,
  updateTask: STAFF,
  updateTaskAddition: STAFF,
  updateTaskProgress: STAFF,
  waitTask: STAFF,
  // Schedule entries and the calendar.
  addTaskToSchedule: 'scheduleEntry.write',
  saveScheduleEntries: 'scheduleEntry.write',
  deleteScheduleEntries: 'scheduleEntry.write',
  createWorkEvent: 'schedule.use',
  joinWorkEvent: 'schedule.use',
  confirmWorkEvent: 'schedule.use',
  copyWorkEvents: 'schedule.use',
  updateWorkEvent: 'schedule.use',
  deleteWorkEvent: 'schedule.use',
  publishWorkEvents: 'schedule.use',
  unpublishWorkEvents: 'schedule.use',
  // Archives: the archive's state machine and its modules (module rights by state on top).
  createArchive: 'archive.create',
  importArchives: 'archive.import',
  startArchiveExport: 'archive.export',
  deleteArchive: 'archive.delete',
  assignArchiveStaff: 'archive.assign',
  lockArchive: 'archive.lock',
  unlockArchive: 'archive.lock',
  startArchivePersonalDataExport: 'archive.privacy',
  setArchiveLegalHold: 'archive.privacy',
  clearArchiveLegalHold: 'archive.privacy',
  eraseArchivePersonalData: 'archive.privacy',
  verifyArchiveModule: 'archive.verify',
  reverifyArchiveModule: 'archive.verify',
  archiveArchive: 'archive.changeStatus',
  createArchiveVerification: 'archive.changeStatus',
  publishArchive: 'archive.changeStatus',
  reopenArchive: 'archive.changeStatus',
  restartArchiveApplying: 'archive.changeStatus',
  resumeArchive: 'archive.changeStatus',
  resumeArchiveApplying: 'archive.changeStatus',
  stopArchiveApplying: 'archive.changeStatus',
  suspendArchive: 'archive.changeStatus',
  suspendArchiveApplying: 'archive.changeStatus',
  updateArchive: STAFF,
  uploadArchiveFile: STAFF,
  deleteArchiveFile: STAFF,
  arrangeArchiveFiles: STAFF,
  deleteArchiveRecord: STAFF,
  saveArchiveApplicationAccounts: STAFF,
  saveArchiveApplyInformation: STAFF,
  saveArchiveAwards: STAFF,
  saveArchiveBio: STAFF,
  saveArchiveCards: STAFF,
  saveArchiveEducations: STAFF,
  saveArchiveEssays: STAFF,
  saveArchiveFamily: STAFF,
  saveArchiveFamilyMembers: STAFF,
  saveArchiveMultimedia: STAFF,
  saveArchiveOthers: STAFF,
  saveArchiveRecommenders: STAFF,
  saveArchiveRelatives: STAFF,
  saveArchiveRewardProjects: STAFF,
  saveArchiveSsat: STAFF,
  saveArchiveSurvey: STAFF,
  saveArchiveToefl: STAFF,
  saveArchiveToeflJunior: STAFF,
  saveArchiveVariousExams: STAFF,
  saveArchiveVericant: STAFF,
  saveArchiveWritings: STAFF,
  // Schools.
  startSchoolExport: 'school.read',
  createSchool: 'school.manage',
  updateSchool: 'school.manage',
  deleteSchool: 'school.manage',
  uploadSchoolBadge: 'school.manage',
  saveSchoolDaily: 'school.manage',
  saveSchoolGeography: 'school.manage',
  saveSchoolRecruit: 'school.manage',
  saveSchoolResource: 'school.manage',
  saveSchoolSequence: 'school.manage',
  saveSchoolTeaching: 'school.manage',
  importSchools: 'school.import',
  importSchoolSports: 'school.import',
  // Selection lists.
  createSelectionList: 'selection.write',
  addSchoolsToSelectionList: 'selection.write',
  removeSelectionEntries: 'selection.write',
  rescoreSelectionList: 'selection.write',
  reorderSelectionList: 'selection.write',
  deleteSelectionList: 'selection.write',
  publishSelectionList: 'selection.publish',
  // Applications.
  createApplication: 'application.write',
  updateApplication: 'application.write',
  updateApplicationBoard: 'application.write',
  updateApplicationDeadline: 'application.write',
  updateApplicationDocState: 'application.write',
  updateApplicationDocumentsState: 'application.write',
  updateApplicationGrade: 'application.write',
  updateApplicationInquiry: 'application.write',
  updateApplicationInquiryBatch: 'application.write',
  updateApplicationInterview: 'application.write',
  updateApplicationInterviewBatch: 'application.write',
  updateApplicationOrderNum: 'application.write',
  updateApplicationPlatform: 'application.write',
  updateApplicationState: 'application.write',
  updateApplicationSubmitResult: 'application.write',
  updateApplicationSubmitResultBatch: 'application.write',
  updateApplicationThirdInterview: 'application.write',
  updateApplicationThirdInterviewBatch: 'application.write',
  saveApplicationDocument: 'application.write',
  saveProgressTrack: 'application.write',
  saveSaoDocument: 'application.write',
  lockApplication: 'application.lock',
  unlockApplication: 'application.lock',
};

/**
 * Mutations that look their object up before the permission (a verification row of an archive
 * module, the archive of a privacy request): a caller without the permission is refused
 * NOT_FOUND for an object that does not exist (here: the archive an earlier mutation of the
 * matrix deleted), which says nothing about it; the permission itself is tested in
 * tests/server/archives/archives-verification.test.ts and archives-privacy.test.ts.
 */
export const LOOKUP_FIRST = new Set(['verifyArchiveModule', 'reverifyArchiveModule', 'startArchivePersonalDataExport', 'setArchiveLegalHold', 'clearArchiveLegalHold', 'eraseArchivePersonalData']);
