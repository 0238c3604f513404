/**
 * The breaking-change check (scripts/schema-diff.ts, docs/schema-changelog.md): a change that
 * breaks integrators fails unless the changelog lists it with a date and a reason; additions
 * pass; dangerous changes are reported, not fatal; and the repository's schema passes against
 * its baseline.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { compareSchemas, intendedChanges, unexpectedBreakingChanges } from '../../scripts/schema-diff.ts';

const OLD = `
  type Query { tasks(first: Int): [Task!]! roleList: [String!]! }
  type Task { id: ID! title: String! state: TaskState! }
  enum TaskState { OPEN DONE }
`;

const changelog = (rows: string) => `# GraphQL schema changelog

## Breaking changes

| date | change | reason |
| ---- | ------ | ------ |
${rows}

## Notable changes (not breaking)

| date | change |
| ---- | ------ |
| 2026-11-25 | \`Query.roleList was removed.\` |
`;

describe('schema diff', () => {
  it('passes additions: a new field, type, optional argument', () => {
    const next = OLD.replace('title: String!', 'title: String! note: String').replace('tasks(first: Int)', 'tasks(first: Int, search: String)') + ' type Extra { a: Int }';
    const { breaking, dangerous } = compareSchemas(OLD, next);
    expect(breaking).toEqual([]);
    expect(dangerous.map((c) => c.type)).toEqual(['OPTIONAL_ARG_ADDED']);
  });

  it('finds what breaks an integration: removals, type changes, required arguments', () => {
    const next = OLD.replace(' roleList: [String!]!', '').replace('title: String!', 'title: Int!').replace('tasks(first: Int)', 'tasks(first: Int, owner: ID!)').replace('OPEN DONE', 'OPEN');
    const { breaking } = compareSchemas(OLD, next);
    expect(breaking.map((c) => c.description).sort()).toEqual(
      ['A required arg owner on Query.tasks was added.', 'DONE was removed from enum type TaskState.', 'Query.roleList was removed.', 'Task.title changed type from String! to Int!.'].sort(),
    );
  });

  it('allows a breaking change listed with a date and a reason, and only that one', () => {
    const next = OLD.replace(' roleList: [String!]!', '').replace('OPEN DONE', 'OPEN');
    const { breaking } = compareSchemas(OLD, next);
    const log = changelog('| 2026-12-01 | `Query.roleList was removed.` | Deprecated since 2026-11; use `roles`. |');
    expect(unexpectedBreakingChanges(breaking, log).map((c) => c.description)).toEqual(['DONE was removed from enum type TaskState.']);
  });

  it('ignores rows without a date or a reason, and changes listed outside the breaking table', () => {
    const log = changelog(['| soon | `Query.roleList was removed.` | no date |', '| 2026-12-01 | `Task.title changed type from String! to Int!.` |  |'].join('\n'));
    expect([...intendedChanges(log)]).toEqual([]);
    const next = OLD.replace(' roleList: [String!]!', '');
    expect(unexpectedBreakingChanges(compareSchemas(OLD, next).breaking, log)).toHaveLength(1);
  });

  it('the repository: schema.graphql breaks nothing of docs/schema-baseline.graphql that the changelog does not list', () => {
    const root = path.resolve(import.meta.dirname, '../..');
    const read = (f: string) => readFileSync(path.join(root, f), 'utf8');
    const { breaking } = compareSchemas(read('docs/schema-baseline.graphql'), read('schema.graphql'));
    expect(unexpectedBreakingChanges(breaking, read('docs/schema-changelog.md'))).toEqual([]);
  });
});
