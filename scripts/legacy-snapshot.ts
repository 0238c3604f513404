/**
 * Records the answers of every legacy REST path for every demo account, and compares two
 * recordings. Used to prove that a restructuring of the server changes no legacy answer.
 *
 *   npx tsx scripts/legacy-snapshot.ts record OUT.json
 *   npx tsx scripts/legacy-snapshot.ts compare BEFORE.json AFTER.json [--baseline2 BEFORE2.json] [--max N]
 *
 * `record` starts its own embedded PostgreSQL in a temporary directory (or creates a fresh
 * database on TEST_DATABASE_URL's server), migrates, seeds, builds the app with createApp and
 * calls `app.fetch` (no port). Accounts and paths run in a fixed order on the fresh database,
 * so writes are part of the recording and the run is deterministic. See docs/legacy-snapshot.md.
 *
 * Only entry files that survive restructurings are imported (server/app.ts, server/config.ts,
 * server/db/*, prisma/seed/index.ts), and only dynamically, after LOG_LEVEL and SEED_TODAY are set.
 */
import { createHash, randomBytes } from 'node:crypto';
import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import yauzl from 'yauzl';

const ROOT = path.resolve(import.meta.dirname, '..');
/** The list of legacy paths: LEGACY_PATHS_TSV, else the repository's docs/legacy-paths.tsv. */
function pathsTsv(): string {
  return path.resolve(process.env.LEGACY_PATHS_TSV || path.join(ROOT, 'docs/legacy-paths.tsv'));
}
const FORMAT = 1;

// ─── accounts ────────────────────────────────────────────────────────────────────────────────
type Account = { name: string; account: string | null; password: string | null };
/** Fixed order: callers without rights first, the administrator (most writes) last. */
const ACCOUNTS: Account[] = [
  { name: 'anonymous', account: null, password: null },
  { name: 'former.staff', account: 'former.staff', password: 'Staff#2026' },
  { name: 'partner', account: 'partner', password: 'Staff#2026' },
  { name: 'sales', account: 'sales', password: 'Staff#2026' },
  { name: 'lecturer', account: 'lecturer', password: 'Staff#2026' },
  { name: 'consultant', account: 'consultant', password: 'Staff#2026' },
  { name: 'manager', account: 'manager', password: 'Staff#2026' },
  { name: 'admin', account: 'admin', password: 'Admin#2026' },
];
/** Accounts and roles the run must not change (they are logged in later in the run). */
const PROTECTED_ACCOUNTS = ['admin', 'manager', 'consultant', 'lecturer', 'sales', 'partner', 'former.staff', 'parent.demo', 'parent.demo2', 'student.demo', 'student.demo2'];
const PROTECTED_ROLES = ['admin', 'manager', 'consultant', 'lecturer', 'sales', 'partner'];

// ─── id kinds: which seeded rows a path's id request names ─────────────────────────────────────
type Probe = { method: 'GET' | 'POST'; path: string; param: string };
type Kind = {
  /** Candidate ids in a stable order (natural keys, never the sequence alone). */
  sql: string;
  /** Parameter names the id is sent under. */
  params: string[];
  /** A read path telling whether the account can see a row; absent: first row and a missing id. */
  probe?: Probe;
};
const NOT_PROTECTED_ACCOUNT = `(u.account IS NULL OR u.account NOT IN (${PROTECTED_ACCOUNTS.map((a) => `'${a}'`).join(', ')}))`;
const KINDS: Record<string, Kind> = {
  archive: {
    sql: `SELECT a.id FROM archives a JOIN users u ON u.id = a.student_id WHERE ${NOT_PROTECTED_ACCOUNT} ORDER BY a.name, u.name, a.id`,
    params: ['id', 'archiveId', 'archivesId'],
    probe: { method: 'GET', path: '/api/admin/py/archives/getById.htm', param: 'id' },
  },
  application: {
    sql: `SELECT x.id FROM applications x JOIN archives a ON a.id = x.archive_id JOIN schools s ON s.id = x.school_id ORDER BY a.name, s.name, x.id`,
    params: ['id', 'applicationId'],
    probe: { method: 'GET', path: '/api/admin/application/progress/getById.htm', param: 'id' },
  },
  school: {
    sql: `SELECT id FROM schools ORDER BY name, id`,
    params: ['id', 'schoolId'],
    probe: { method: 'GET', path: '/api/admin/school/getById.htm', param: 'id' },
  },
  selection: {
    sql: `SELECT x.id FROM selection_lists x JOIN archives a ON a.id = x.archive_id ORDER BY a.name, x.name, x.id`,
    params: ['selectionId', 'id'],
    probe: { method: 'GET', path: '/api/admin/school/listSelectionSchool.htm', param: 'selectionId' },
  },
  task: {
    sql: `SELECT id FROM work_tasks ORDER BY title, created_at, id`,
    params: ['id', 'workTaskId'],
    probe: { method: 'POST', path: '/api/admin/work/task/detail.htm', param: 'id' },
  },
  addition: {
    sql: `SELECT x.id FROM task_additions x JOIN work_tasks t ON t.id = x.task_id ORDER BY t.title, x.created_at, x.content, x.id`,
    params: ['id'],
    probe: { method: 'POST', path: '/api/admin/work/task/addition/getById.htm', param: 'id' },
  },
  event: {
    sql: `SELECT id FROM work_events ORDER BY start_at, title, id`,
    params: ['id', 'workDailyId'],
    probe: { method: 'POST', path: '/api/admin/work/daily/detail.htm', param: 'id' },
  },
  project: {
    sql: `SELECT id FROM projects ORDER BY code, id`,
    params: ['id', 'projectId'],
    probe: { method: 'POST', path: '/api/admin/project/getProjectDetailById.htm', param: 'id' },
  },
  member: {
    sql: `SELECT m.id FROM project_members m JOIN projects p ON p.id = m.project_id JOIN users u ON u.id = m.user_id WHERE ${NOT_PROTECTED_ACCOUNT} ORDER BY p.code, u.account, u.name, m.id`,
    params: ['id', 'userProjectId'],
    probe: { method: 'POST', path: '/api/admin/auth/user/project/detail.htm', param: 'id' },
  },
  projectFile: { sql: `SELECT f.id FROM project_files f JOIN projects p ON p.id = f.project_id ORDER BY p.code, f.file_name, f.id`, params: ['id', 'fileId'] },
  user: {
    sql: `SELECT u.id FROM users u WHERE ${NOT_PROTECTED_ACCOUNT} ORDER BY u.account NULLS LAST, u.name, u.id`,
    params: ['id', 'userId'],
    probe: { method: 'POST', path: '/api/admin/user/getUserDetail.htm', param: 'id' },
  },
  student: {
    sql: `SELECT u.id FROM archives a JOIN users u ON u.id = a.student_id WHERE ${NOT_PROTECTED_ACCOUNT} ORDER BY a.name, u.name, u.id`,
    params: ['userId', 'studentId', 'id'],
  },
  role: {
    sql: `SELECT id FROM roles WHERE code NOT IN (${PROTECTED_ROLES.map((r) => `'${r}'`).join(', ')}) ORDER BY code, id`,
    params: ['id', 'roleId', 'busId'],
    probe: { method: 'POST', path: '/api/admin/auth/role/getRoleDetailById.htm', param: 'id' },
  },
  depart: {
    sql: `SELECT id FROM departments ORDER BY name, id`,
    params: ['id', 'departId'],
    probe: { method: 'POST', path: '/api/admin/depart/getDepartById.htm', param: 'id' },
  },
  company: { sql: `SELECT id FROM company_users ORDER BY company_name, name, id`, params: ['id'] },
  letter: {
    sql: `SELECT id FROM letters ORDER BY title, created_at, id`,
    params: ['id'],
    probe: { method: 'POST', path: '/api/admin/sns/letter/detail.htm', param: 'id' },
  },
  notice: {
    sql: `SELECT id FROM notices ORDER BY title, published_at, id`,
    params: ['id'],
    probe: { method: 'POST', path: '/api/admin/sns/notice/detail.htm', param: 'id' },
  },
  dict: {
    sql: `SELECT id FROM dictionaries ORDER BY code, id`,
    params: ['id', 'dictId', 'dictionaryId'],
    probe: { method: 'POST', path: '/api/admin/sys/dict/item/listByDictId.htm', param: 'dictId' },
  },
  dictItem: { sql: `SELECT i.id FROM dictionary_items i JOIN dictionaries d ON d.id = i.dictionary_id ORDER BY d.code, i.code, i.id`, params: ['id'] },
  examine: {
    sql: `SELECT id FROM archive_examines ORDER BY number, id`,
    params: ['id', 'archivesExamineId', 'examineId'],
    probe: { method: 'POST', path: '/api/admin/archive/examine/record/listArchivesExamineRecordByPage.htm', param: 'archivesExamineId' },
  },
  appDoc: {
    sql: `SELECT d.id FROM application_documents d JOIN applications x ON x.id = d.application_id JOIN archives a ON a.id = x.archive_id JOIN schools s ON s.id = x.school_id ORDER BY a.name, s.name, d.type, d.name, d.id`,
    params: ['id'],
    probe: { method: 'GET', path: '/api/admin/application/doc/getById.htm', param: 'id' },
  },
  saoDoc: {
    sql: `SELECT d.id FROM sao_documents d JOIN archives a ON a.id = d.archive_id ORDER BY a.name, d.type, d.name, d.id`,
    params: ['id'],
    probe: { method: 'GET', path: '/api/admin/sao/doc/getById.htm', param: 'id' },
  },
  archiveModule: { sql: `SELECT id FROM archive_modules ORDER BY code, id`, params: ['id'] },
  family: { sql: `SELECT f.id FROM archive_families f JOIN archives a ON a.id = f.archive_id ORDER BY a.name, f.id`, params: ['id'] },
  familyMember: {
    sql: `SELECT m.id FROM archive_family_members m JOIN archives a ON a.id = m.archive_id ORDER BY a.name, m.kind, m.sort, m.name, m.id`,
    params: ['id'],
  },
  award: { sql: `SELECT w.id FROM archive_awards w JOIN archives a ON a.id = w.archive_id ORDER BY a.name, w.sort, w.perform_name, w.id`, params: ['id'] },
  multimedia: { sql: `SELECT m.id FROM archive_multimedia m JOIN archives a ON a.id = m.archive_id ORDER BY a.name, m.sort, m.title, m.id`, params: ['id'] },
  archiveFile: {
    sql: `SELECT f.id FROM archive_files f JOIN archives a ON a.id = f.archive_id ORDER BY a.name, f.kind, f.sort, f.file_name, f.id`,
    params: ['id', 'fileId'],
  },
};

/** Path (without /api/admin prefix and .htm) → id kind; first match wins. */
const PATH_KINDS: Array<[RegExp, string]> = [
  [/^\/auth\/role\/(getRoleDetailById|del)$/, 'role'],
  [/^\/fs\/role\/module\/(listRoleModuleByRoleIdAndState|getRoleModuleByBusIdAndState|save)$/, 'role'],
  [/^\/fs\/archive\/module\/(del|save)$/, 'archiveModule'],
  [/^\/auth\/user\/project\/(detail|timeline\/del|uploadImg|save)$/, 'member'],
  [/^\/auth\/account\/saveAuthUserAccount$/, 'user'],
  [/^\/user\/(getUserDetail|del|updateState|resetPwd|changeManager|updateUserInfo|listUserTimeById|resetUserPwd|saveUser|listUserRelate)$/, 'user'],
  [/^\/user\/related\/(listUserByRelated|saveUserRelated|listRelatedByCondition)$/, 'user'],
  [/^\/user\/listUserByDepartId$/, 'depart'],
  [/^\/depart\/(getDepartById|doDeleteDepart|doSaveDepart)$/, 'depart'],
  [/^\/user\/listUsers4Project$/, 'project'],
  [/^\/company\/user\/(save|del)$/, 'company'],
  [/^\/project\/(add|del|members|listUploadFile|getProjectDetailByCondition|getProjectDetailById|user\/delete)$/, 'project'],
  [/^\/api\/upload\/project\/uploadProjectFile$/, 'project'],
  [/^\/api\/upload\/project\/delUploadFile$/, 'projectFile'],
  [/^\/work\/task\/addition\/getById$/, 'addition'],
  [/^\/work\/task\/(save|detail|log\/list|del|change\/complete|change\/state|change\/priority|assign|updateProgress|addition\/saveWorkTaskAddition)$/, 'task'],
  [/^\/work\/daily\/(listWorkDailyByProjectId)$/, 'project'],
  [/^\/work\/daily\/(getWorkDailyByUser|workDailyReminder)$/, 'user'],
  [/^\/work\/daily\/(detail|joinWorkDaily|do_update|upState|editWorkDaily|del|delBySeries|delBySeriesAll|delById|change\/confirm|updateStateById|updateState|checkAlike|deleteWorkTaskFlag)$/, 'event'],
  [/^\/cycle\/work\/daily\/save$/, 'event'],
  [/^\/sns\/letter\/(detail|updateMyLetterByReadState)$/, 'letter'],
  [/^\/sns\/notice\/detail$/, 'notice'],
  [/^\/archive\/examine\/(record\/listArchivesExamineRecordByPage|module\/listArchivesExamineModuleByExamineId)$/, 'examine'],
  [/^\/fs\/family\/deleteArchivesFamily$/, 'family'],
  [/^\/fs\/family\/deleteArchivesFamilyDetail$/, 'familyMember'],
  [/^\/eventRewards\/deleteEventRewards$/, 'award'],
  [/^\/(eventRewards\/(deleteEventFile|deleteAttachment)|archive\/deleteEduAttachment)$/, 'archiveFile'],
  [/^\/studentMultiMedia\/delStudentMultiMediaById$/, 'multimedia'],
  [/^\/application\/doc\/getById$/, 'appDoc'],
  [/^\/sao\/doc\/getById$/, 'saoDoc'],
  [/^\/application\/progress\/getScoreListByStudentId$/, 'student'],
  [/^\/application\/progress\/(getStudentInfo|checkSameSchoolInProgress|getSsatAndToeflScoreList|listProgressByArchivesId|listByArchivesId|listByArchivesIdSort|list\/student\/process|save)$/, 'archive'],
  [/^\/application\/progress\/(update\w*|lock|unlock|getById)$/, 'application'],
  [/^\/(overall\/progress\/(listDocAndLogs|interviewLogs|detail)|progress\/track\/(getByApplicationIdAndType|getDailyUpdateByApplicationId))$/, 'application'],
  [/^\/school\/listSelectionSchool$/, 'selection'],
  [/^\/school\/(listStudentChooseSchool|listSelectionSchoolNotInArchives)$/, 'archive'],
  [/^\/school\/(getById|getSchoolInfoById|deleteById|uploadBadge|\w+\/getSchool\w+BySchoolId|recruit\/getSchoolEnableApplicationPlatform)$/, 'school'],
  [/^\/sys\/dict\/(del|item\/listByDictId|item\/importData)$/, 'dict'],
  [/^\/sys\/dict\/item\/del$/, 'dictItem'],
  [/^\/sao\/doc\/(listSaoDocByArchiveId|save)$/, 'archive'],
  [
    /^\/(py\/archives\/(updateStatus|getById|deleteById)|archive\/(delById|addConsultant|backup|getArchiveAndStudentDetail|updateStatus|updateLock|listByCondition|uploadEduAttachment)|archive\/examine\/(listArchivesExamineByPage|module\/listArchivesExamineModuleByArchivesId))$/,
    'archive',
  ],
  [/^\/(fs\/(family|others)|eventRewards|studentMultiMedia|studentSurvey|variousExam|applyInformation)\/(get\w+ByArchivesId|isShowScore|saveList|saveFileList|save|saveFamily|saveOthers|uploadAttachment)$/, 'archive'],
];

function kindOf(fullPath: string): string | null {
  const p = fullPath.replace(/\.htm$/, '').replace(/^\/api\/admin(?=\/)/, '');
  for (const [re, kind] of PATH_KINDS) if (re.test(p)) return kind;
  return null;
}

// ─── requests ────────────────────────────────────────────────────────────────────────────────
type LegacyPath = { area: string; method: 'GET' | 'POST'; path: string };
type Variant = 'empty' | 'paging' | 'id-visible' | 'id-hidden' | 'malformed';
const PAGING = { pageResult: { currentPage: 2, pageSize: 3 } };
const PAGING_QUERY = { currentPage: '2', pageSize: '3' };
/** An id no seeded row has (used when every candidate is visible, e.g. to the administrator). */
const MISSING_ID = 2147480000;

type Recorded = {
  key: string;
  account: string;
  method: string;
  path: string;
  variant: string;
  request: unknown;
  status: number;
  contentType: string | null;
  body?: unknown;
  bodyText?: string;
  bodySha256?: string;
  bodyLength?: number;
  zipEntries?: Record<string, string>;
};

type Snapshot = {
  format: number;
  meta: {
    startedAt: string;
    finishedAt: string;
    durationMs: number;
    commit: string | null;
    database: 'embedded' | 'TEST_DATABASE_URL';
    paths: number;
    requests: number;
    requestsPerAccount: Record<string, number>;
    relogins: number;
  };
  probes: Record<string, Record<string, { visible: number | null; visibleSeen: boolean; hidden: number | null; hiddenMissing: boolean }>>;
  entries: Recorded[];
};

async function readPaths(): Promise<LegacyPath[]> {
  const text = await readFile(pathsTsv(), 'utf8');
  const seen = new Set<string>();
  const out: LegacyPath[] = [];
  for (const line of text.split('\n')) {
    const [area, method, p] = line.trim().split('\t');
    if (!area || !method || !p) continue;
    const key = `${method} ${p}`;
    if (seen.has(key)) continue; // the spec lists /user/updateUserInfo twice
    seen.add(key);
    out.push({ area, method: method as 'GET' | 'POST', path: p });
  }
  return out;
}

function zipEntries(buf: Buffer): Promise<Record<string, string> | null> {
  return new Promise((resolve) => {
    yauzl.fromBuffer(buf, { lazyEntries: true }, (err, zip) => {
      if (err || !zip) return resolve(null);
      const out: Record<string, string> = {};
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (e, stream) => {
          if (e || !stream) return resolve(null);
          const h = createHash('sha256');
          stream.on('data', (c: Buffer) => h.update(c));
          stream.on('end', () => {
            // docProps/core.xml holds the creation and modification times of the workbook.
            out[entry.fileName] = entry.fileName === 'docProps/core.xml' ? '<timestamps>' : h.digest('hex');
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => resolve(out));
      zip.on('error', () => resolve(null));
      zip.readEntry();
    });
  });
}

async function record(outFile: string): Promise<void> {
  process.env.LOG_LEVEL ??= 'error';
  process.env.SEED_TODAY = '2026-09-01'; // the restructured seed honours it; today's ignores it
  const started = new Date();
  const t0 = performance.now();

  const { startEmbeddedPostgres } = await import('../server/db/embedded.ts');
  const { applyMigrations, ensureDatabase } = await import('../server/db/migrate.ts');
  const { createDb } = await import('../server/db/client.ts');
  const { seed } = await import('../prisma/seed/index.ts');
  const { loadConfig } = await import('../server/config.ts');
  const { createApp } = await import('../server/app.ts');

  let stop: () => Promise<void> = async () => {};
  let tmp: string | null = null;
  let adminUrl: string;
  if (process.env.TEST_DATABASE_URL) {
    const u = new URL(process.env.TEST_DATABASE_URL);
    u.pathname = '/postgres';
    adminUrl = u.toString();
  } else {
    tmp = await mkdtemp(path.join(os.tmpdir(), 'legacy-snapshot-'));
    await chmod(tmp, 0o755);
    const server = await startEmbeddedPostgres({ dataDir: tmp });
    adminUrl = server.url('postgres');
    stop = server.stop;
  }
  const dbName = `legacy_snapshot_${randomBytes(4).toString('hex')}`;
  const dbUrlObj = new URL(adminUrl);
  dbUrlObj.pathname = `/${dbName}`;
  const dbUrl = dbUrlObj.toString();

  const sql = new pg.Client({ connectionString: dbUrl });
  let db: Awaited<ReturnType<typeof createDb>> | null = null;
  try {
    await ensureDatabase(dbUrl);
    await applyMigrations(dbUrl);
    db = createDb(dbUrl, { max: 4 });
    await seed(db);
    await sql.connect();
    const config = { ...loadConfig({ LOG_LEVEL: 'error' }), trustProxy: true };
    const app = createApp({ db, config });
    const paths = await readPaths();

    const entries: Recorded[] = [];
    const perAccount: Record<string, number> = {};
    const probes: Snapshot['probes'] = {};
    let relogins = 0;

    type Send = { method: string; path: string; query?: Record<string, string>; json?: unknown; raw?: string; token: string | null; address: string };
    const send = async (s: Send) => {
      const url = new URL(`http://snapshot.local${s.path}`);
      for (const [k, v] of Object.entries(s.query ?? {})) url.searchParams.set(k, v);
      const headers: Record<string, string> = { 'x-forwarded-for': s.address, 'x-origin': 'PC' };
      if (s.token) headers['x-token'] = s.token;
      let body: string | undefined;
      if (s.raw !== undefined) {
        body = s.raw;
        headers['content-type'] = 'application/json';
      } else if (s.json !== undefined) {
        body = JSON.stringify(s.json);
        headers['content-type'] = 'application/json';
      }
      const res = await app.fetch(new Request(url, { method: s.method, headers, body }));
      const buf = Buffer.from(await res.arrayBuffer());
      const contentType = res.headers.get('content-type');
      const out: Pick<Recorded, 'status' | 'contentType' | 'body' | 'bodyText' | 'bodySha256' | 'bodyLength' | 'zipEntries'> = { status: res.status, contentType };
      let parsed = false;
      if (!contentType || /json/i.test(contentType)) {
        try {
          out.body = JSON.parse(buf.toString('utf8'));
          parsed = true;
        } catch {
          /* not JSON after all */
        }
      }
      if (!parsed) {
        out.bodyLength = buf.length;
        out.bodySha256 = createHash('sha256').update(buf).digest('hex');
        if (buf.subarray(0, 2).toString('latin1') === 'PK') {
          const z = await zipEntries(buf);
          if (z) {
            out.zipEntries = z;
            delete out.bodySha256;
            delete out.bodyLength;
          }
        } else if (/^text\//i.test(contentType ?? '') && buf.length <= 4000) {
          out.bodyText = buf.toString('utf8');
          delete out.bodySha256;
        }
      }
      return out;
    };
    const statusOf = (body: unknown): string | null => (body && typeof body === 'object' && 'status' in body ? String((body as { status: unknown }).status) : null);

    for (const [index, acc] of ACCOUNTS.entries()) {
      const address = `10.77.${index}.1`;
      let count = 0;
      const push = (e: Recorded) => {
        entries.push(e);
        count += 1;
      };
      // Log in just before the batch.
      let token: string | null = null;
      const login = async (): Promise<{ answer: Awaited<ReturnType<typeof send>>; token: string | null }> => {
        const answer = await send({ method: 'POST', path: '/api/token/admin/doLogin.htm', json: { account: acc.account, password: acc.password }, token: null, address });
        const b = answer.body as { status?: string; data?: { token?: string } } | undefined;
        return { answer, token: b?.status === 'success' && b.data?.token ? b.data.token : null };
      };
      if (acc.account) {
        const l = await login();
        token = l.token;
        push({ key: `${acc.name}|login`, account: acc.name, method: 'POST', path: '/api/token/admin/doLogin.htm', variant: 'login', request: { account: acc.account }, ...l.answer });
      }
      const canLogin = token !== null;

      // Ids: for each kind, the first candidate the account can read and the first it cannot.
      const chosen: Record<string, { visible: number | null; visibleSeen: boolean; hidden: number | null; hiddenMissing: boolean }> = {};
      for (const [kindName, kind] of Object.entries(KINDS)) {
        const ids = (await sql.query<{ id: number }>(`${kind.sql} LIMIT 25`)).rows.map((r) => Number(r.id));
        let visible: number | null = null;
        let hidden: number | null = null;
        if (kind.probe && canLogin) {
          for (const id of ids) {
            if (visible !== null && hidden !== null) break;
            const p = kind.probe;
            const a = await send(p.method === 'GET' ? { method: 'GET', path: p.path, query: { [p.param]: String(id) }, token, address } : { method: 'POST', path: p.path, json: { [p.param]: id }, token, address });
            const ok = a.status === 200 && statusOf(a.body) === 'success';
            if (ok && visible === null) visible = id;
            if (!ok && hidden === null) hidden = id;
          }
        }
        const visibleSeen = visible !== null;
        if (visible === null) visible = ids[0] ?? null;
        const hiddenMissing = hidden === null && (kind.probe !== undefined && canLogin ? true : ids[1] === undefined);
        if (hidden === null) hidden = kind.probe && canLogin ? MISSING_ID : (ids[1] ?? MISSING_ID);
        chosen[kindName] = { visible, visibleSeen, hidden, hiddenMissing };
      }
      probes[acc.name] = chosen;

      let needLogin = false;
      for (const lp of paths) {
        const kind = kindOf(lp.path);
        const variants: Array<{ variant: Variant; params?: Record<string, unknown>; raw?: string }> = [
          { variant: 'empty', params: {} },
          { variant: 'paging', params: lp.method === 'GET' ? PAGING_QUERY : PAGING },
        ];
        if (kind) {
          const c = chosen[kind]!;
          const k = KINDS[kind]!;
          for (const [variant, id] of [
            ['id-visible', c.visible],
            ['id-hidden', c.hidden],
          ] as const) {
            if (id === null) continue;
            variants.push({ variant, params: Object.fromEntries(k.params.map((n) => [n, lp.method === 'GET' ? String(id) : id])) });
          }
        }
        if (lp.method === 'POST') variants.push({ variant: 'malformed', raw: '{' });
        for (const v of variants) {
          if (needLogin && acc.account) {
            const l = await login();
            token = l.token;
            relogins += 1;
            needLogin = false;
          }
          const answer = await send({
            method: lp.method,
            path: lp.path,
            token,
            address,
            ...(v.raw !== undefined ? { raw: v.raw } : lp.method === 'GET' ? { query: v.params as Record<string, string> } : { json: v.params }),
          });
          push({
            key: `${acc.name}|${lp.method} ${lp.path}|${v.variant}`,
            account: acc.name,
            method: lp.method,
            path: lp.path,
            variant: v.variant,
            request: v.raw !== undefined ? { raw: v.raw } : { kind, params: v.params },
            ...answer,
          });
          const st = statusOf(answer.body);
          // A logout (or a refresh) ends the token: log in again for the rest of the batch.
          if (canLogin && (st === 'needUserLogin' || st === 'tokenExpire')) needLogin = true;
        }
      }
      perAccount[acc.name] = count;
      process.stderr.write(`legacy-snapshot: ${acc.name}: ${count} requests\n`);
    }

    const finished = new Date();
    let commit: string | null = null;
    try {
      commit = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).trim();
    } catch {
      /* not a checkout */
    }
    const snapshot: Snapshot = {
      format: FORMAT,
      meta: {
        startedAt: started.toISOString(),
        finishedAt: finished.toISOString(),
        durationMs: Math.round(performance.now() - t0),
        commit,
        database: process.env.TEST_DATABASE_URL ? 'TEST_DATABASE_URL' : 'embedded',
        paths: paths.length,
        requests: entries.length,
        requestsPerAccount: perAccount,
        relogins,
      },
      probes,
      entries,
    };
    await writeFile(outFile, JSON.stringify(snapshot, null, 1) + '\n');
    process.stderr.write(`legacy-snapshot: ${entries.length} requests over ${paths.length} paths in ${(snapshot.meta.durationMs / 1000).toFixed(1)} s → ${outFile}\n`);
  } finally {
    await sql.end().catch(() => {});
    await db?.$disconnect().catch(() => {});
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect().then(
      () => c.query(`DROP DATABASE IF EXISTS ${c.escapeIdentifier(dbName)} WITH (FORCE)`).finally(() => c.end()),
      () => {},
    );
    await stop();
    if (tmp) await rm(tmp, { recursive: true, force: true });
  }
}

// ─── normalisation and comparison ──────────────────────────────────────────────────────────────
const MASKED_KEY = /token|secret|password|pwd|publickey|rsa|signature/i;
const OPAQUE = /^[A-Za-z0-9+/_=-]{40,}$/;
const PAD_MS = 15 * 3600_000; // a wall time in any zone lies within 14 hours of UTC

const IN_TEXT_TIMES: Array<[RegExp, (m: RegExpExecArray) => number]> = [
  // yyyy-MM-dd HH:mm:ss (legacy date-times in the caller's zone), ISO instants
  [/(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})(?:\.\d+)?(?:Z|[+-]\d{2}:?\d{2})?/g, (m) => Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +m[6]!)],
  // iCalendar: 20261125T132249Z (DTSTAMP, LAST-MODIFIED)
  [/\b(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z?\b/g, (m) => Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +m[6]!)],
];
/** Generated passwords shown in a message (org.passwordReset). */
const SHOWN_PASSWORD = /(新密码：|New password: )[^\s（(]+/g;

/**
 * Answers whose order is itself non-deterministic in the current code (a query without ORDER
 * BY): the listed JSON paths (under `body`) are compared as sorted sets.
 */
const UNORDERED: Array<[RegExp, string]> = [
  // setLetterReadState without ids: findMany without orderBy, the order follows the heap.
  [/\/sns\/letter\/updateMyLetterByReadState(\.htm)?$/, 'data.ids'],
];

function maskText(value: string, window: [number, number]): string {
  let out = value.replace(SHOWN_PASSWORD, '$1<password>');
  for (const [re, time] of IN_TEXT_TIMES) {
    out = out.replace(re, (...args) => {
      const m = args.slice(0, 7) as unknown as RegExpExecArray;
      const t = time(m);
      return t >= window[0] - PAD_MS && t <= window[1] + PAD_MS ? '<now>' : (args[0] as string);
    });
  }
  return out;
}

/** Replaces values that differ between two runs of the same code by pattern: tokens, now(), keys. */
function normalise(value: unknown, window: [number, number], key = ''): unknown {
  if (Array.isArray(value)) return value.map((v) => normalise(v, window));
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) out[k] = normalise(v, window, k);
    return out;
  }
  if (typeof value !== 'string') return value;
  if (MASKED_KEY.test(key) && value !== '') return `<${key}>`;
  if (OPAQUE.test(value) && !/^\d+$/.test(value)) return '<opaque>';
  return maskText(value, window);
}

function sortUnordered(e: Recorded): Recorded {
  for (const [re, at] of UNORDERED) {
    if (!re.test(e.path) || !e.body || typeof e.body !== 'object') continue;
    const body = structuredClone(e.body) as Record<string, unknown>;
    const parts = at.split('.');
    let node: Record<string, unknown> | undefined = body;
    for (const part of parts.slice(0, -1)) node = node?.[part] && typeof node[part] === 'object' ? (node[part] as Record<string, unknown>) : undefined;
    const last = parts[parts.length - 1]!;
    const arr = node?.[last];
    if (node && Array.isArray(arr)) node[last] = [...arr].sort((x, y) => (JSON.stringify(x) < JSON.stringify(y) ? -1 : JSON.stringify(x) > JSON.stringify(y) ? 1 : 0));
    return { ...e, body };
  }
  return e;
}

type Diff = { key: string; jsonPath: string; before: unknown; after: unknown };

/** The comparable part of a recorded answer. */
function comparable(e: Recorded, window: [number, number]): unknown {
  const { key: _k, account: _a, method: _m, path: _p, variant: _v, ...rest } = sortUnordered(e);
  return normalise(rest, window);
}

function diffValues(a: unknown, b: unknown, at: string, out: Array<{ jsonPath: string; before: unknown; after: unknown }>): void {
  if (Object.is(a, b)) return;
  const bothObjects = a && b && typeof a === 'object' && typeof b === 'object' && Array.isArray(a) === Array.isArray(b);
  if (!bothObjects) {
    out.push({ jsonPath: at || '$', before: a, after: b });
    return;
  }
  if (Array.isArray(a) && Array.isArray(b)) {
    if (a.length !== b.length) out.push({ jsonPath: `${at}.length`, before: a.length, after: b.length });
    for (let i = 0; i < Math.min(a.length, b.length); i++) diffValues(a[i], b[i], `${at}[${i}]`, out);
    return;
  }
  const ao = a as Record<string, unknown>;
  const bo = b as Record<string, unknown>;
  for (const k of new Set([...Object.keys(ao), ...Object.keys(bo)])) {
    if (!(k in ao)) out.push({ jsonPath: `${at}.${k}`, before: '<absent>', after: bo[k] });
    else if (!(k in bo)) out.push({ jsonPath: `${at}.${k}`, before: ao[k], after: '<absent>' });
    else diffValues(ao[k], bo[k], `${at}.${k}`, out);
  }
}

function windowOf(s: Snapshot): [number, number] {
  return [Date.parse(s.meta.startedAt), Date.parse(s.meta.finishedAt)];
}

/** `a.b[3]` is covered by an ignored `a.b` or `a.b[3]` (and `a.b.length` by `a.b`). */
function covered(p: string, ignored: Set<string>): boolean {
  if (ignored.has(p)) return true;
  let cur = p;
  while (true) {
    const cut = Math.max(cur.lastIndexOf('.'), cur.lastIndexOf('['));
    if (cut <= 0) return false;
    cur = cur.slice(0, cut);
    if (ignored.has(cur) || ignored.has(`${cur}.length`)) return true;
  }
}

function compareSnapshots(a: Snapshot, b: Snapshot, baseline2: Snapshot | null): { total: number; identical: number; ignoredPaths: number; diffs: Diff[] } {
  const wa = windowOf(a);
  const wb = windowOf(b);
  const mapB = new Map(b.entries.map((e) => [e.key, e]));
  const mapC = baseline2 ? new Map(baseline2.entries.map((e) => [e.key, e])) : null;
  const wc: [number, number] = baseline2 ? windowOf(baseline2) : wa;
  const diffs: Diff[] = [];
  let identical = 0;
  let ignoredPaths = 0;
  const probeDiffs: Array<{ jsonPath: string; before: unknown; after: unknown }> = [];
  diffValues(a.probes, b.probes, '$probes', probeDiffs);
  for (const d of probeDiffs) diffs.push({ key: 'probes', ...d });
  for (const ea of a.entries) {
    const eb = mapB.get(ea.key);
    if (!eb) {
      diffs.push({ key: ea.key, jsonPath: '$', before: 'recorded', after: '<missing>' });
      continue;
    }
    const found: Array<{ jsonPath: string; before: unknown; after: unknown }> = [];
    const ca = comparable(ea, wa);
    diffValues(ca, comparable(eb, wb), '$', found);
    let kept = found;
    if (mapC && found.length) {
      const ec = mapC.get(ea.key);
      const noise: Array<{ jsonPath: string; before: unknown; after: unknown }> = [];
      if (ec) diffValues(ca, comparable(ec, wc), '$', noise);
      const ignored = new Set(noise.map((n) => n.jsonPath));
      kept = found.filter((f) => !covered(f.jsonPath, ignored));
      ignoredPaths += found.length - kept.length;
    }
    if (kept.length === 0) identical += 1;
    for (const f of kept) diffs.push({ key: ea.key, ...f });
  }
  const keysA = new Set(a.entries.map((e) => e.key));
  for (const eb of b.entries) if (!keysA.has(eb.key)) diffs.push({ key: eb.key, jsonPath: '$', before: '<missing>', after: 'recorded' });
  return { total: a.entries.length, identical, ignoredPaths, diffs };
}

function short(v: unknown): string {
  const s = JSON.stringify(v) ?? String(v);
  return s.length > 160 ? `${s.slice(0, 157)}...` : s;
}

async function compare(args: string[]): Promise<number> {
  let baselinePath: string | null = null;
  let max = 50;
  const files: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === '--baseline2') baselinePath = args[++i] ?? null;
    else if (arg === '--max') max = Number(args[++i]);
    else files.push(arg);
  }
  if (files.length !== 2) throw new Error('compare needs two snapshot files');
  const load = async (f: string) => JSON.parse(await readFile(f, 'utf8')) as Snapshot;
  const [a, b] = await Promise.all([load(files[0]!), load(files[1]!)]);
  const c = baselinePath ? await load(baselinePath) : null;
  const { total, identical, ignoredPaths, diffs } = compareSnapshots(a, b, c);
  console.log(`requests: ${total} (before ${a.meta.commit?.slice(0, 10) ?? '?'}, after ${b.meta.commit?.slice(0, 10) ?? '?'})`);
  console.log(`identical: ${identical}`);
  if (c) console.log(`ignored as varying between the two before-runs: ${ignoredPaths} JSON paths`);
  console.log(`differences: ${diffs.length}`);
  for (const d of diffs.slice(0, max)) {
    const [account, request, variant] = d.key.split('|');
    console.log(`- ${request ?? d.key} [${account}${variant ? `, ${variant}` : ''}] ${d.jsonPath}: ${short(d.before)} → ${short(d.after)}`);
  }
  if (diffs.length > max) console.log(`... and ${diffs.length - max} more (--max N to show more)`);
  return diffs.length === 0 ? 0 : 1;
}

// ─── main ────────────────────────────────────────────────────────────────────────────────────
const USAGE = `usage:
  tsx scripts/legacy-snapshot.ts record OUT.json
  tsx scripts/legacy-snapshot.ts compare BEFORE.json AFTER.json [--baseline2 BEFORE2.json] [--max N]`;

const [command, ...rest] = process.argv.slice(2);
try {
  if (command === 'record' && rest[0]) {
    await record(path.resolve(rest[0]));
    process.exit(0);
  } else if (command === 'compare') {
    process.exit(await compare(rest));
  } else {
    console.error(USAGE);
    process.exit(2);
  }
} catch (err) {
  console.error(err);
  process.exit(2);
}
