/**
 * A row-visibility rule written once and read three ways: as a Prisma filter (lists and
 * `node(id:)`), as a SQL condition (raw statements of hot paths) and as a test of a row already
 * in memory (a node's auth scope). A module's policy builds the rule for a caller
 * (`visibleEventsWhere` and its twins in schedule.policy.ts); the three renderings below cannot
 * drift apart, since none of them knows the rule. docs/decisions.md ("One rule, three readings").
 *
 * The language is what visibility rules need and no more: a column equal to a value, a related
 * row with a column equal to a value (`some`), and/or, everything and nothing.
 */

type Value = number | boolean;

export type RowRule<F extends string, R extends string> =
  { kind: 'all' } | { kind: 'none' } | { kind: 'eq'; field: F; value: Value } | { kind: 'some'; relation: R; field: string; value: Value } | { kind: 'and' | 'or'; rules: RowRule<F, R>[] };

/** Builders, so that a policy reads like the sentence it implements. */
export const rule = {
  all: { kind: 'all' } as const,
  none: { kind: 'none' } as const,
  eq: <F extends string>(field: F, value: Value) => ({ kind: 'eq', field, value }) as const,
  some: <R extends string>(relation: R, field: string, value: Value) => ({ kind: 'some', relation, field, value }) as const,
  and: <F extends string, R extends string>(...rules: RowRule<F, R>[]): RowRule<F, R> => ({ kind: 'and', rules }),
  or: <F extends string, R extends string>(...rules: RowRule<F, R>[]): RowRule<F, R> => ({ kind: 'or', rules }),
};

// ── Prisma ──

type Where = Record<string, unknown>;

/** The rule as a Prisma `where` (`{}` for everything; `{ id: { in: [] } }` for nothing). */
export function ruleToPrisma<F extends string, R extends string>(r: RowRule<F, R>): Where {
  switch (r.kind) {
    case 'all':
      return {};
    case 'none':
      return { id: { in: [] } };
    case 'eq':
      return { [r.field]: r.value };
    case 'some':
      return { [r.relation]: { some: { [r.field]: r.value } } };
    case 'and':
      return { AND: r.rules.map(ruleToPrisma) };
    case 'or':
      return { OR: r.rules.map(ruleToPrisma) };
  }
}

// ── SQL ──

/** How a model's fields and relations are stored: its columns, and each relation's table, foreign key and columns. */
export type SqlTable<F extends string, R extends string> = {
  columns: Record<F, string>;
  relations: Record<R, { table: string; key: string; columns: Record<string, string> }>;
};

const IDENT = /^[a-z_][a-z0-9_]*$/;
function ident(name: string): string {
  if (!IDENT.test(name)) throw new Error(`row-rule: not a plain identifier: ${name}`);
  return name;
}

/**
 * The rule as a SQL condition on the row `alias`; values become parameters appended to
 * `params` (`$n`, numbered after those already there), with their type cast.
 */
export function ruleToSql<F extends string, R extends string>(r: RowRule<F, R>, table: SqlTable<F, R>, alias: string, params: unknown[]): string {
  const param = (v: Value) => {
    params.push(v);
    return `$${params.length}::${typeof v === 'boolean' ? 'boolean' : 'int'}`;
  };
  switch (r.kind) {
    case 'all':
      return 'TRUE';
    case 'none':
      return 'FALSE';
    case 'eq':
      return `${ident(alias)}.${ident(table.columns[r.field])} = ${param(r.value)}`;
    case 'some': {
      const rel = table.relations[r.relation];
      const column = rel.columns[r.field];
      if (!column) throw new Error(`row-rule: no column for ${r.relation}.${r.field}`);
      const inner = `${ident(alias)}_${ident(r.relation.toLowerCase())}`;
      return `EXISTS (SELECT 1 FROM ${ident(rel.table)} ${inner} WHERE ${inner}.${ident(rel.key)} = ${ident(alias)}.id AND ${inner}.${ident(column)} = ${param(r.value)})`;
    }
    case 'and':
      return r.rules.length ? `(${r.rules.map((x) => ruleToSql(x, table, alias, params)).join(' AND ')})` : 'TRUE';
    case 'or':
      return r.rules.length ? `(${r.rules.map((x) => ruleToSql(x, table, alias, params)).join(' OR ')})` : 'FALSE';
  }
}

// ── a row in memory ──

/** A row as a rule reads it: its fields, and for each relation the related rows' fields. */
export type RuleRow<F extends string, R extends string> = Record<F, unknown> & Partial<Record<R, readonly Record<string, unknown>[]>>;

/** Whether a row already read satisfies the rule (the relations the rule names must be loaded). */
export function ruleMatches<F extends string, R extends string>(r: RowRule<F, R>, row: RuleRow<F, R>): boolean {
  switch (r.kind) {
    case 'all':
      return true;
    case 'none':
      return false;
    case 'eq':
      return (row[r.field] as unknown) === r.value;
    case 'some': {
      const related = row[r.relation] as readonly Record<string, unknown>[] | undefined;
      if (!related) throw new Error(`row-rule: relation ${r.relation} not loaded`);
      return related.some((x) => x[r.field] === r.value);
    }
    case 'and':
      return r.rules.every((x) => ruleMatches(x, row));
    case 'or':
      return r.rules.some((x) => ruleMatches(x, row));
  }
}
