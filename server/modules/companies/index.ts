/**
 * The companies module: partner-company contacts.
 * Its one public face: other modules import from this file only (docs/architecture.md).
 */
import { defineModule } from '../../module.ts';
import './companies.node.ts';
import './companies.mutations.ts';
import { companiesPermissions } from './companies.policy.ts';
import { companyRoutes } from './companies.rest.ts';
import { companiesSeed } from './companies.seed.ts';
import { companiesErrors } from './companies.errors.ts';

export const companiesModule = defineModule({
  name: 'companies',
  errors: companiesErrors.list,
  permissions: companiesPermissions,
  routes: companyRoutes,
  seed: companiesSeed,
});
