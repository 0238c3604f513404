import { DomainError } from '../../errors.ts';
import type { Conflict } from './conflicts.ts';

/** A save refused because of clashes; carries them so the client can offer "save anyway". */
export class ConflictError extends DomainError {
  readonly conflicts: Conflict[];
  readonly total: number;
  constructor(total: number, conflicts: Conflict[]) {
    super('SCHEDULE_CONFLICT', 'schedule.conflict', { count: total });
    this.conflicts = conflicts;
    this.total = total;
  }
}
