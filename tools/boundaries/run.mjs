#!/usr/bin/env node
// Runs dependency-cruiser (the rules are in /.dependency-cruiser.cjs). It reads TypeScript through the
// compiler's JavaScript API, which TypeScript 7, the project's compiler, no longer ships; so every
// `typescript` it asks for is answered with this folder's TypeScript 6. Nothing else sees that copy:
// it lives in this workspace's own node_modules, away from the root's `tsc`.
import Module, { createRequire, register } from 'node:module';
import { dirname } from 'node:path';

const local = createRequire(import.meta.url);
const isTypescript = (request) => request === 'typescript' || request.startsWith('typescript/');

// ES module imports, through a resolve hook that asks from here instead.
register('./typescript-hook.mjs', import.meta.url, { data: { parentURL: import.meta.url } });

// require() calls (dependency-cruiser reads the version from typescript/package.json this way).
const typescriptDir = dirname(local.resolve('typescript/package.json'));
// Without this folder's own TypeScript (its node_modules missing, as in a fresh git worktree), the
// root's TypeScript 7 reads no file, and dependency-cruiser would pass having cruised nothing.
if (!typescriptDir.startsWith(dirname(new URL(import.meta.url).pathname))) {
  console.error(`tools/boundaries: TypeScript 6 is not installed here (found ${typescriptDir}); run npm ci`);
  process.exit(1);
}
const resolveFilename = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  const path = isTypescript(request) ? typescriptDir + request.slice('typescript'.length) : request;
  return resolveFilename.call(this, path, ...rest);
};

const main = import.meta.resolve('dependency-cruiser');
await import(new URL('../../bin/dependency-cruise.mjs', main).href);
