// relay-compiler reads the printed schema and the client's sources; artifacts are written
// next to the components (`__generated__/`). Every operation is persisted: the artifact
// carries only an id (MD5 of the text) and the id -> text map is written to
// client/persisted-queries.json, which the server loads (server/graphql/yoga.ts). The browser
// sends ids only; the server refuses full documents from browsers (docs/client.md).
//
// Named exports, not `export default`: relay-compiler loads this file with require(), which
// for an ES module returns the namespace object, so the fields must be at its top level.
export const src = './client/src';
export const schema = './schema.graphql';
export const language = 'typescript';
export const eagerEsModules = true;
export const excludes = ['**/node_modules/**', '**/__mocks__/**', '**/__generated__/**'];
export const persistConfig = { file: './client/persisted-queries.json', algorithm: 'MD5' };
export const customScalarTypes = { DateTime: 'string', Date: 'string', File: 'unknown' };
