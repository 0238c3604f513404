// relay-compiler reads the printed schema and the client's sources; artifacts are written
// next to the components (`__generated__/`), and the persisted-query map for the server.
export default {
  src: './client/src',
  schema: './schema.graphql',
  language: 'typescript',
  eagerEsModules: true,
  excludes: ['**/node_modules/**', '**/__mocks__/**', '**/__generated__/**'],
};
