/**
 * The pure rules of the archives area: masking, field parsing, the name rule and name forms,
 * the transition table and the section registry's consistency with the module tree.
 */
import { describe, expect, it } from 'vitest';
import { ARCHIVE_MODULES } from '../../server/modules/archive-modules/archive-modules.seed.ts';
import { ValidationError } from '../../server/errors.ts';
import { maskValue, parseDay, parseField, parseRow, shapeRow } from '../../server/modules/archives/archives.fields.ts';
import { SECTIONS, sectionOf, sectionOfRow } from '../../shared/archive-sections.ts';
import { displayName, hasRequiredName, latinName, searchNameOf, splitChineseName } from '../../server/modules/archives/service/names.ts';
import { TRANSITIONS, transitionTo } from '../../server/modules/archives/service/states.ts';

describe('masking', () => {
  it('keeps just enough to recognise a value', () => {
    expect(maskValue('phone', '13812345678')).toBe('138******78');
    expect(maskValue('phone', '12345')).toBe('****');
    expect(maskValue('email', 'kid.li@example.net')).toBe('k***@example.net');
    expect(maskValue('email', 'nonsense')).toBe('****');
    expect(maskValue('document', 'E12345678')).toBe('E****78');
    expect(maskValue('date', '2012-05-18')).toBe('2012-**-**');
    expect(maskValue('address', '上海市浦东新区世纪大道100号')).toBe('上海市浦东新****');
    expect(maskValue('secret', 'Secret#123')).toBe('******');
  });

  it('shapes a row masked or in clear, naming the fields shown in clear', () => {
    const bio = sectionOf('bio');
    const row = { id: 1, archiveId: 2, surName: '李', passport: 'E12345678', birthday: new Date('2012-05-18T00:00:00Z'), phone: null };
    expect(shapeRow(bio, row, false)).toMatchObject({ row: { surName: '李', passport: 'E****78', birthday: '2012-**-**', phone: null }, revealed: [] });
    expect(shapeRow(bio, row, true)).toMatchObject({ row: { passport: 'E12345678', birthday: '2012-05-18' }, revealed: ['birthday', 'passport'] });
  });

  it('marks as sensitive every passport, birthday, phone, e-mail and home address of the student and the parents', () => {
    const masked = (key: string) =>
      sectionOf(key)
        .fields.filter((f) => f.mask)
        .map((f) => f.name);
    expect(masked('bio')).toEqual(expect.arrayContaining(['birthday', 'passport', 'secondPassport', 'homeAddress', 'phone', 'tel', 'email']));
    expect(masked('familyMembers')).toEqual(expect.arrayContaining(['birthday', 'phone', 'email']));
  });
});

describe('field parsing', () => {
  const f = (name: string) => sectionOf('bio').fields.find((x) => x.name === name)!;

  it('reads days strictly', () => {
    expect(parseDay('2012-05-18', 'birthday')?.toISOString()).toBe('2012-05-18T00:00:00.000Z');
    expect(parseDay('2012-05-18 08:00:00', 'birthday')?.toISOString()).toBe('2012-05-18T00:00:00.000Z');
    expect(parseDay('', 'birthday')).toBeNull();
    expect(parseDay(undefined, 'birthday')).toBeUndefined();
    for (const bad of ['2012-02-30', '2012-13-01', '18/05/2012', '1800-01-01', 20120518]) expect(() => parseDay(bad, 'birthday')).toThrow(ValidationError);
  });

  it('trims text, empties to null, bounds length, checks e-mail and codes', () => {
    expect(parseField(f('enName'), '  Leo ')).toBe('Leo');
    expect(parseField(f('enName'), '   ')).toBeNull();
    expect(() => parseField(f('enName'), 'x'.repeat(101))).toThrow(expect.objectContaining({ messageKey: 'validation.tooLong' }));
    expect(() => parseField(f('email'), 'a@')).toThrow(expect.objectContaining({ messageKey: 'archive.emailInvalid' }));
    expect(parseField(f('sex'), '2')).toBe(2);
    expect(() => parseField(f('sex'), 3)).toThrow(ValidationError);
    expect(() => parseField(f('submitGrade'), '8.5')).toThrow(ValidationError);
    expect(parseField(f('onlyChild'), 'true')).toBe(true);
    expect(() => parseField(f('onlyChild'), 'maybe')).toThrow(ValidationError);
    expect(() => parseField(f('enName'), { $ne: 1 })).toThrow(ValidationError);
  });

  it('leaves out fields not sent, so updates keep them', () => {
    expect(parseRow(sectionOf('bio'), { enName: 'Leo', unknown: 'x' })).toEqual({ enName: 'Leo' });
  });
});

describe('names', () => {
  it('needs surname and given name, or both pinyin parts', () => {
    expect(hasRequiredName({ surName: '王', name: '明' })).toBe(true);
    expect(hasRequiredName({ surNamePy: 'Wang', namePy: 'Ming' })).toBe(true);
    expect(hasRequiredName({ surName: '王', namePy: 'Ming' })).toBe(false);
    expect(hasRequiredName({ enName: 'Leo' })).toBe(false);
  });

  it('builds the display and search forms', () => {
    expect(displayName({ surName: '欧阳', name: '娜娜' })).toBe('欧阳娜娜');
    expect(displayName({ surNamePy: 'Wang', namePy: 'Ming' })).toBe('Ming Wang');
    expect(latinName({ enName: 'Leo', surNamePy: 'Wang' })).toBe('Leo Wang');
    expect(searchNameOf({ surName: '王', name: '明', surNamePy: 'Wang', namePy: 'Ming', enName: 'Leo' }).split('|')).toEqual(
      expect.arrayContaining(['王明', 'wangming', 'mingwang', 'wang ming', 'ming wang', 'leo', 'leo wang']),
    );
    expect(splitChineseName('欧阳娜娜')).toEqual({ surName: '欧阳', name: '娜娜' });
    expect(splitChineseName('李雷')).toEqual({ surName: '李', name: '雷' });
    expect(splitChineseName('Leo')).toBeNull();
  });
});

describe('transitions', () => {
  it('names the transition of a legacy target status', () => {
    expect(transitionTo(1, 2)).toBe('publish');
    expect(transitionTo(3, 2)).toBe('resume');
    expect(transitionTo(4, 2)).toBe('reopen');
    expect(transitionTo(2, 4)).toBe('archive');
    expect(transitionTo(1, 3)).toBeNull();
    expect(transitionTo(2, 1)).toBeNull();
  });

  it('every status is reachable and every transition leaves its states', () => {
    const reach = new Set([1]);
    for (let i = 0; i < 4; i++) for (const tr of Object.values(TRANSITIONS)) if (tr.field === 'status' && tr.from.some((s) => reach.has(s))) reach.add(tr.to);
    expect([...reach].sort()).toEqual([1, 2, 3, 4]);
    for (const tr of Object.values(TRANSITIONS)) expect(tr.from as readonly number[]).not.toContain(tr.to);
  });
});

describe('the section registry', () => {
  it("governs every section by a module of the org area's tree", () => {
    const codes = new Set<string>();
    const walk = (defs: typeof ARCHIVE_MODULES) => defs.forEach((d) => (codes.add(d.code), d.children && walk(d.children)));
    walk(ARCHIVE_MODULES);
    for (const s of SECTIONS) expect(codes.has(s.module), s.key).toBe(true);
    // Every module but the overview and the group nodes has a section.
    const covered = new Set(SECTIONS.map((s) => s.module));
    for (const code of codes) if (!['profile', 'exams', 'accounts', 'writing'].includes(code)) expect(covered.has(code), code).toBe(true);
  });

  it('finds the exam section of a stored row by its kind', () => {
    expect(sectionOfRow('archiveExam', { kind: 3 })?.key).toBe('toefl');
    expect(sectionOfRow('archiveExam', { kind: 5 })?.key).toBe('variousExams');
    expect(sectionOfRow('archiveExam', { kind: 9 })).toBeUndefined();
  });
});
