import { builder } from '../../graphql/builder.ts';
import { mutationErrors } from '../../graphql/errors.ts';
import { DailyReminderRef } from './workdaily.node.ts';
import { removeReminder, saveWorkNote } from './workdaily.service.ts';

const DismissInput = builder.inputType('DismissDailyReminderInput', {
  fields: (t) => ({ day: t.field({ type: 'Date', description: "Default: today in the viewer's zone." }) }),
});

const DismissPayload = builder.objectRef<{ reminder: Awaited<ReturnType<typeof removeReminder>> }>('DismissDailyReminderPayload').implement({
  fields: (t) => ({ reminder: t.field({ type: DailyReminderRef, resolve: (p) => p.reminder }) }),
});

const SaveWorkNoteInput = builder.inputType('SaveWorkNoteInput', {
  fields: (t) => ({
    day: t.field({ type: 'Date', description: "Default: today in the viewer's zone." }),
    content: t.string({ required: true, description: 'Rich HTML (sanitised), at most 10000 characters; empty removes the note.' }),
  }),
});

const SaveWorkNotePayload = builder.objectRef<{ day: string; noteId: number | null }>('SaveWorkNotePayload').implement({
  fields: (t) => ({
    day: t.field({ type: 'Date', resolve: (p) => p.day }),
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
    description: "Dismisses the viewer's daily work-report reminder for a day (legacy removeWorkDailyOfReminder).",
    args: { input: t.arg({ type: DismissInput }) },
    resolve: async (_r, args, ctx) => ({ reminder: await removeReminder(ctx, { day: args.input?.day }) }),
  }),
  saveWorkNote: t.field({
    type: SaveWorkNotePayload,
    errors: mutationErrors,
    description: "Saves the viewer's work note for a day (legacy oaWorkNote/doSave).",
    args: { input: t.arg({ type: SaveWorkNoteInput, required: true }) },
    resolve: async (_r, { input }, ctx) => {
      const r = await saveWorkNote(ctx, input);
      return { day: r.day, noteId: r.note?.id ?? null };
    },
  }),
}));
