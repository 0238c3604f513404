import { builder } from '../../graphql/builder.ts';
import { mutationErrors } from '../../graphql/errors.ts';
import { localId, localIds } from '../../graphql/ids.ts';
import { companyUserIdsInput, deleteCompanyUsers, saveCompanyUser, saveCompanyUserInput } from './companies.service.ts';
import { atDoor } from '../../lib/validate.ts';
import { CompanyUserNode } from './companies.node.ts';

const SaveCompanyUserInput = builder.inputType('SaveCompanyUserInput', {
  description: 'A contact at a partner company: no companyUserId adds, a companyUserId edits.',
  fields: (t) => ({
    companyUserId: t.globalID({ description: 'The CompanyUser to edit; leave out to add one.', for: [CompanyUserNode] }),
    companyName: t.string({ description: 'The company (required).', required: true }),
    name: t.string({ description: "The contact's name (required).", required: true }),
    nameEn: t.string({ description: 'The English name.' }),
    title: t.string({ description: 'Job title.' }),
    mobile: t.string({ description: 'Mobile number.' }),
    email: t.string({ description: 'E-mail address.' }),
    remark: t.string({ description: 'A free remark.' }),
  }),
});

builder.mutationFields((t) => ({
  saveCompanyUser: t.field({
    description: 'Adds or edits a contact at a partner company. Rights: companyUser.edit (administrators, managers, sales). Errors: NOT_FOUND, FORBIDDEN, INVALID_INPUT.',
    type: builder.objectRef<{ id: number; created: boolean }>('SaveCompanyUserPayload').implement({
      description: 'The contact saved.',
      fields: (f) => ({
        companyUser: f.prismaField({ description: 'The contact after the save.', type: 'CompanyUser', resolve: (q, p, _a, ctx) => ctx.db.companyUser.findUniqueOrThrow({ ...q, where: { id: p.id } }) }),
        created: f.exposeBoolean('created', { description: 'True when the save added it.' }),
      }),
    }),
    errors: mutationErrors,
    args: { input: t.arg({ description: 'The contact.', type: SaveCompanyUserInput, required: true }) },
    resolve: (_r, { input }, ctx) => {
      const { companyUserId, ...rest } = input;
      return saveCompanyUser(ctx, atDoor(saveCompanyUserInput, { ...rest, id: localId(companyUserId, 'CompanyUser') ?? undefined }));
    },
  }),
  deleteCompanyUsers: t.field({
    description: 'Deletes contacts, all or none. Rights: companyUser.edit. Errors: NOT_FOUND, FORBIDDEN.',
    type: builder.objectRef<{ ids: number[] }>('DeleteCompanyUsersPayload').implement({
      description: 'The contacts deleted.',
      fields: (f) => ({
        deletedCompanyUserIds: f.idList({ description: 'Global ids of the deleted CompanyUsers (for @deleteRecord).', resolve: (p) => p.ids.map((id) => Buffer.from(`CompanyUser:${id}`).toString('base64')) }),
      }),
    }),
    errors: mutationErrors,
    args: {
      input: t.arg({
        description: 'The contacts to delete.',
        type: builder.inputType('DeleteCompanyUsersInput', {
          description: 'Contacts to delete.',
          fields: (f) => ({ companyUserIds: f.globalIDList({ description: 'CompanyUser ids.', required: true, for: [CompanyUserNode] }) }),
        }),
        required: true,
      }),
    },
    resolve: async (_r, { input }, ctx) => ({ ids: await deleteCompanyUsers(ctx, atDoor(companyUserIdsInput, { ids: localIds(input.companyUserIds, 'CompanyUser') })) }),
  }),
}));
