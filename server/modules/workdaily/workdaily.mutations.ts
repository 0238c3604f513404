import { builder } from '../../graphql/builder.ts';
import { mutationErrors } from '../../graphql/errors.ts';
import { DailyReminderRef } from './workdaily.node.ts';
import { removeReminder, saveWorkNote, saveWorkNoteInput, workDayInput } from './workdaily.service.ts';
import { atDoor } from '../../lib/validate.ts';

const DismissInput = builder.inputType('DismissDailyReminderInput', {
  description: "Which day's reminder to dismiss.",
  fields: (t) => ({ day: t.field({ type: 'Date', description: "Default: today in the viewer's zone." }) }),
});

const DismissPayload = builder
  .objectRef<{ reminder: Awaited<ReturnType<typeof removeReminder>> }>('DismissDailyReminderPayload')
  .implement({ description: 'The reminder after the dismissal.', fields: (t) => ({ reminder: t.field({ description: 'The reminder of that day, now dismissed.', type: DailyReminderRef, resolve: (p) => p.reminder }) }) });

const SaveWorkNoteInput = builder.inputType('SaveWorkNoteInput', {
  description: 'A work note of a day.',
  fields: (t) => ({
    day: t.field({ type: 'Date', description: "Default: today in the viewer's zone." }),
    content: t.string({ required: true, description: 'Rich HTML (sanitised), at most 10000 characters; empty removes the note.' }),
  }),
});

const SaveWorkNotePayload = builder.objectRef<{ day: string; noteId: number | null }>('SaveWorkNotePayload').implement({
  description: 'The work note saved.',
  fields: (t) => ({
    day: t.field({ description: 'The day of the note.', type: 'Date', resolve: (p) => p.day }),
    workNote: t.prismaField({
      type: 'WorkNote',
      nullable: true,
      description: 'The note as saved; null when it was removed.',
      resolve: (query, p, _a, ctx) => (p.noteId ? ctx.db.workNote.findUnique({ ...query, where: { id: p.noteId } }) : null),
    }),
  }),
});

builder.mutationFields((t) => ({
  dismissDailyReminder: t.field({
    type: DismissPayload,
    errors: mutationErrors,
    description: "Dismisses the caller's daily work-report reminder for a day (legacy removeWorkDailyOfReminder): `isNeed` turns false for that day. Rights: any signed-in caller. Errors: INVALID_INPUT.",
    args: { input: t.arg({ description: 'The day; default today.', type: DismissInput }) },
    resolve: async (_r, args, ctx) => ({ reminder: await removeReminder(ctx, atDoor(workDayInput, { day: args.input?.day })) }),
  }),
  saveWorkNote: t.field({
    type: SaveWorkNotePayload,
    errors: mutationErrors,
    description: "Saves (creates, replaces or, when empty, removes) the caller's work note for a day (legacy oaWorkNote/doSave). Rights: any signed-in caller. Errors: INVALID_INPUT (over 10000 characters).",
    args: { input: t.arg({ description: 'The day and the note.', type: SaveWorkNoteInput, required: true }) },
    resolve: async (_r, { input }, ctx) => {
      const r = await saveWorkNote(ctx, atDoor(saveWorkNoteInput, input));
      return { day: r.day, noteId: r.note?.id ?? null };
    },
  }),
}));
