// typescript-eslint parses with TypeScript's JavaScript compiler API (`require('typescript')`:
// createSourceFile, and a Program for type-aware rules). TypeScript 7, the native compiler this
// project type-checks with, no longer ships that API: its `typescript` entry point only exports
// the version (the new API is under `typescript/unstable/*`). So the linter runs on TypeScript
// 6.0, the last release with the JavaScript API and the same language as 7, installed under the
// npm alias `typescript6`. This hook sends every `require('typescript')` made inside the ESLint
// process to it; `tsc` (TypeScript 7) is untouched. Loaded first by eslint.config.js.
'use strict';
const Module = require('node:module');

const original = Module._resolveFilename;
Module._resolveFilename = function resolveTypescript(request, parent, ...rest) {
  if (request === 'typescript' || request.startsWith('typescript/')) {
    request = 'typescript6' + request.slice('typescript'.length);
  }
  return original.call(this, request, parent, ...rest);
};
