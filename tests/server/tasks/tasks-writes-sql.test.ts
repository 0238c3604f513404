/**
 * Completing a task makes the same small number of SQL statements every time: the row lock,
 * the task with what the rules need, the update, the log line (with the names it snapshots)
 * and the operation log, whatever else the task carries.
 */
import { describe, expect, it } from 'vitest';
import { useStatementCounter } from '../../helpers/statements.ts';
import { gid, idOf, who } from './support.ts';

const counter = useStatementCounter(who('consultant'));
const count = counter.count;

const COMPLETE = `mutation($id: ID!) { completeTask(input: { id: $id }) { __typename ... on Error { code } } }`;

/** A task of the consultant's own, with additions and logs, so that nothing else counts. */
async function ownTask(title: string, additions: number): Promise<number> {
  const me = await idOf(counter.t, 'consultant');
  const project = await counter.t.db.project.findFirstOrThrow({ where: { deletedAt: null, stateCode: { notIn: [4, 5] } }, select: { id: true } });
  const task = await counter.t.db.workTask.create({ data: { title, content: '', projectId: project.id, assignerId: me, executorId: me, state: 1, priority: 3, taskType: 1, taskSource: 2 } });
  for (let i = 0; i < additions; i++) {
    await counter.t.db.taskAddition.create({ data: { taskId: task.id, userId: me, content: `<p>addition ${i}</p>` } });
    await counter.t.db.taskLog.create({ data: { taskId: task.id, userId: me, logNote: '更新任务', action: 'ADDITION', assignerName: 'x', executorName: 'x', logTime: new Date() } });
  }
  return task.id;
}

describe('SQL statements per task write', () => {
  it('completing a task makes the same few statements, with or without additions and logs', async () => {
    const auth = await counter.authStatements();
    const plain = await count(COMPLETE, { id: gid('Task', await ownTask('sql: complete, plain', 0)) });
    const busy = await count(COMPLETE, { id: gid('Task', await ownTask('sql: complete, busy', 12)) });
    expect(plain.data.completeTask.__typename).toBe('TaskPayload');
    expect(busy.data.completeTask.__typename).toBe('TaskPayload');
    // Row lock, the task (with the names the log line snapshots), update, log line, operation log,
    // the sessions the write changed (server/write.ts), COMMIT.
    expect(plain.n - auth).toBe(7);
    expect(busy.n - auth).toBe(7);
  });
});
