// GraphQL types of the org area: import each of the area's node/mutation files here.
// (The users, auth and system files of the foundation stay imported by server/graphql/schema.ts.)
import '../../modules/departments/departments.node.ts';
import '../../modules/companies/companies.node.ts';
import '../../modules/roles/roles.node.ts';
import '../../modules/archive-modules/archive-modules.node.ts';
import '../../modules/auth/account.node.ts';
export {};
