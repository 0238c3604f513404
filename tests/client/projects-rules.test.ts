/** Pure rules of the project screens (issue 20): the project list's filter and the project form's checks. */
import { describe, expect, it } from 'vitest';
import { projectFilterOf } from '../../client/src/screens/projects/ProjectList/filters.ts';
import { checkProject, EMPTY_PROJECT, fileSize, projectInput } from '../../client/src/screens/projects/projectDraft.ts';

const t = (k: string) => k;

describe('project list filter', () => {
  it('leaves the closed states out by default, keeps them when asked or when one is chosen', () => {
    expect(projectFilterOf({ q: '', state: '', closed: '' })).toEqual({ excludeStates: ['FINISHED', 'CANCELLED'] });
    expect(projectFilterOf({ q: '', state: '', closed: '1' })).toEqual({});
    expect(projectFilterOf({ q: 'abc', state: 'FINISHED', closed: '' })).toEqual({ search: 'abc', states: ['FINISHED'] });
  });
});

describe('project form', () => {
  it('needs a name and an end not before the start', () => {
    expect(checkProject(EMPTY_PROJECT, t)).toEqual({ name: 'contentUi.required' });
    expect(checkProject({ ...EMPTY_PROJECT, name: 'A', startDate: '2026-09-02', endDate: '2026-09-01' }, t)).toEqual({ endDate: 'contentUi.project.endBeforeStart' });
    expect(checkProject({ ...EMPTY_PROJECT, name: 'A', startDate: '2026-09-01', endDate: '2026-09-01' }, t)).toEqual({});
  });

  it('sends empty text as null and trims', () => {
    expect(projectInput({ ...EMPTY_PROJECT, name: ' A ', code: ' ', manager: { id: 'VXNlcjox', label: 'x' } })).toEqual({
      name: 'A',
      nameEn: null,
      code: null,
      companyName: null,
      description: null,
      startDate: null,
      endDate: null,
      state: 'PREPARING',
      managerId: 'VXNlcjox',
    });
  });

  it('says file sizes in B, KB and MB', () => {
    expect([fileSize(14), fileSize(2048), fileSize(5 * 1024 * 1024)]).toEqual(['14 B', '2.0 KB', '5.0 MB']);
  });
});
