/**
 * Every operation a service writes to the operation log has words in both languages (登录,
 * 要求修改作业), so the log never shows a developer's name like `course.homework.requestRevision`.
 * The operation names are read from the code (every `operation:` given to runWrite,
 * recordFailedWrite or authorizeWrite); a name built from a part is expanded with the part's
 * values, and a new such name fails here until its values are listed.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { operationWords } from '../../../server/i18n/operations.ts';
import { SECTIONS } from '../../../shared/archive-sections.ts';
import { TRANSITIONS as ARCHIVE_TRANSITIONS } from '../../../server/modules/archives/service/states.ts';
import { TRANSITIONS as TASK_TRANSITIONS } from '../../../server/modules/tasks/service/rules.ts';
import { PROGRESS_FIELDS } from '../../../server/modules/applications/applications.service.ts';
import { SECTIONS as SCHOOL_SECTIONS } from '../../../server/modules/schools/schools.fields.ts';

const ROOT = path.resolve(import.meta.dirname, '../../../server');

/** The values each name built from a part takes (the part's type at its call site). */
const TEMPLATES: Record<string, readonly string[]> = {
  'archive.${key}.save': SECTIONS.map((s) => s.key),
  'archive.${key}.delete': SECTIONS.map((s) => s.key),
  'archive.${name}': Object.keys(ARCHIVE_TRANSITIONS),
  'archive.others.${action}': ['save', 'delete'],
  'task.${transition}': Object.keys(TASK_TRANSITIONS),
  'ics.${transition}': ['open', 'pause', 'restore', 'regenerate', 'setFrequency'],
  'course.homework.${transition}': ['accept', 'requestRevision'],
  'school.${section}.save': [...SCHOOL_SECTIONS.filter((s) => s !== 'basic'), 'sequence'],
  'application.update.${field}': Object.keys(PROGRESS_FIELDS),
  'application.update.${field}.batch': Object.keys(PROGRESS_FIELDS),
};

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'generated' ? [] : sourceFiles(p);
    return e.name.endsWith('.ts') ? [p] : [];
  });
}

/** Operation names (and name templates) given as `operation:` in the server's code. */
function operationsInCode(): { names: Set<string>; templates: Set<string> } {
  const names = new Set<string>();
  const templates = new Set<string>();
  for (const file of sourceFiles(ROOT)) {
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(/operation:\s*([^,}\n]+)/g)) {
      for (const lit of (m[1] ?? '').matchAll(/'([^']+)'|`([^`]+)`/g)) {
        const value = lit[1] ?? lit[2] ?? '';
        if (!/^[a-z][a-zA-Z]*(\.[a-zA-Z${}]+)+$/.test(value)) continue;
        (value.includes('${') ? templates : names).add(value);
      }
    }
  }
  return { names, templates };
}

describe('the operation log in people’s words', () => {
  const { names, templates } = operationsInCode();

  it('finds the operations in the code', () => {
    expect(names.size).toBeGreaterThan(100);
    expect(names).toContain('auth.login');
  });

  it('knows the values of every operation name built from a part', () => {
    expect([...templates].filter((tpl) => !(tpl in TEMPLATES))).toEqual([]);
  });

  it('has words in Chinese and English for every operation a service writes', () => {
    const all = [...names];
    for (const tpl of templates) for (const v of TEMPLATES[tpl] ?? []) all.push(tpl.replace(/\$\{[^}]+\}/, v));
    const missing = all.filter((op) => !operationWords('zh', op) || !operationWords('en', op));
    expect(missing).toEqual([]);
  });

  it('says 登录 and 要求修改作业, and builds a section save from its title', () => {
    expect(operationWords('zh', 'auth.login')).toBe('登录');
    expect(operationWords('en', 'auth.login')).toBe('Signed in');
    expect(operationWords('zh', 'course.homework.requestRevision')).toBe('要求修改作业');
    expect(operationWords('zh', 'archive.bio.save')).toBe('保存学员信息');
    expect(operationWords('zh', 'no.such.operation')).toBeNull();
  });
});
