import { EnvelopArmorPlugin } from '@escape.tech/graphql-armor';
import { GraphQLError } from 'graphql';
import { createYoga, type Plugin } from 'graphql-yoga';
import type { AppDeps, ServiceContext } from '../context.ts';
import { buildContext } from '../context.ts';
import { AuthenticationError, DomainError } from '../errors.ts';
import { translate } from '../i18n/catalogue.ts';
import { logger } from '../logger.ts';
import { schema } from './schema.ts';

/**
 * Errors in layers: typed DomainErrors on mutation fields come back as data (errors plugin).
 * Anything that still reaches `errors` is translated when it is expected (authentication,
 * rules outside mutations) and masked otherwise; no stack, SQL or internal name leaves.
 */
function translateErrors(): Plugin<ServiceContext> {
  return {
    onExecute: ({ args }) => ({
      onExecuteDone: ({ result, setResult }) => {
        if (!('errors' in result) || !result.errors?.length) return;
        const ctx = args.contextValue as ServiceContext;
        const errors = result.errors.map((err) => {
          const original = err.originalError;
          if (!original || original instanceof GraphQLError) return err;
          const base = { path: err.path, nodes: err.nodes };
          if (original instanceof AuthenticationError) {
            const expired = original.reason === 'TOKEN_EXPIRED';
            return new GraphQLError(translate(ctx.lang, expired ? 'status.tokenExpire' : 'status.needLogin'), {
              ...base,
              extensions: { code: expired ? 'TOKEN_EXPIRED' : 'UNAUTHENTICATED' },
            });
          }
          if (original instanceof DomainError) {
            return new GraphQLError(translate(ctx.lang, original.messageKey, original.params), { ...base, extensions: { code: original.code } });
          }
          logger.error('unexpected GraphQL error', { path: err.path?.join('.'), error: original.message, stack: original.stack });
          return new GraphQLError(translate(ctx.lang, 'error.internal'), { ...base, extensions: { code: 'INTERNAL_SERVER_ERROR' } });
        });
        setResult({ ...result, errors });
      },
    }),
  };
}

export function createGraphQLHandler(deps: AppDeps, options: { graphiql: boolean }) {
  return createYoga<{ address: string }, ServiceContext>({
    schema,
    graphqlEndpoint: '/graphql',
    graphiql: options.graphiql ? { title: 'Back office GraphQL' } : false,
    landingPage: false,
    // Execution errors are already translated or masked by translateErrors(); request-level
    // errors (unreadable JSON, wrong method) keep their message but lose any original error.
    maskedErrors: {
      isDev: false,
      maskError: (error) => {
        if (error instanceof GraphQLError) {
          const leaksCause = (error.originalError && !(error.originalError instanceof GraphQLError)) || 'originalError' in error.extensions;
          if (!leaksCause) return error;
          const { originalError: _dropped, ...extensions } = error.extensions;
          return new GraphQLError(error.message, { nodes: error.nodes, path: error.path, extensions });
        }
        return new GraphQLError('Unexpected error.', { extensions: { code: 'INTERNAL_SERVER_ERROR' } });
      },
    },
    logging: false,
    context: ({ request, address }) => buildContext(deps, request, 'GRAPHQL', address),
    plugins: [
      translateErrors(),
      EnvelopArmorPlugin({
        maxDepth: { n: 12 },
        costLimit: { maxCost: 20000 },
        maxAliases: { n: 30 },
        maxTokens: { n: 5000 },
        maxDirectives: { n: 50 },
        blockFieldSuggestion: { enabled: !options.graphiql },
      }),
    ],
  });
}
