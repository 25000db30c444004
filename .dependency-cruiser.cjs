/**
 * Import rules, checked by `npm run lint` (tools/boundaries runs dependency-cruiser with them).
 * Paths are relative to the repository root.
 * @type {import('dependency-cruiser').IConfiguration}
 */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'Import cycles hide the order modules load in and tie their files together (type-only imports count).',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'server-infrastructure-to-module',
      comment: 'db/, http/, hub/ and storage/ serve every module, so they know none of them (reading a table is fine).',
      severity: 'error',
      from: { path: '^apps/server/src/(db|http|hub|storage)/' },
      to: { path: '^apps/server/src/modules/', pathNot: '[.]schema[.]ts$' },
    },
    {
      name: 'server-module-to-other-repository',
      comment: 'A module calls another through its service, never its repository (the composition root aside).',
      severity: 'error',
      from: { path: '^apps/server/src/modules/([^/]+)/' },
      to: {
        path: '^apps/server/src/modules/([^/]+)/[^/]+[.]repository[.]ts$',
        pathNot: '^apps/server/src/modules/$1/',
      },
    },
    {
      name: 'web-feature-to-other-feature',
      comment: 'A feature imports no other feature: features compose in app/, and what they share lives in shared/.',
      severity: 'error',
      from: { path: '^apps/web/src/features/([^/]+)/' },
      to: { path: '^apps/web/src/features/([^/]+)/', pathNot: '^apps/web/src/features/$1/' },
    },
    {
      name: 'web-feature-to-app',
      comment: 'app/ composes the features; a feature that imports app/ turns that around.',
      severity: 'error',
      from: { path: '^apps/web/src/features/' },
      to: { path: '^apps/web/src/app/' },
    },
    {
      name: 'web-shared-to-feature-or-app',
      comment: 'shared/ is what every feature may use, so it knows none of them, nor app/.',
      severity: 'error',
      from: { path: '^apps/web/src/shared/' },
      to: { path: '^apps/web/src/(features|app)/' },
    },
    {
      name: 'contracts-to-apps-or-drizzle',
      comment: 'packages/contracts is shared by both apps and bundled for the browser: no app code, no Drizzle.',
      severity: 'error',
      from: { path: '^packages/contracts/' },
      to: { path: ['^apps/', 'drizzle'] },
    },
    {
      name: 'contracts-to-node-builtins',
      comment: 'packages/contracts runs in the browser too: no Node built-ins (node:fs, crypto, ...).',
      severity: 'error',
      from: { path: '^packages/contracts/' },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'app-to-other-app',
      comment: 'The server and the web app share code only through packages/contracts.',
      severity: 'error',
      from: { path: '^apps/(server|web)/' },
      to: { path: '^apps/', pathNot: '^apps/$1/' },
    },
    {
      name: 'not-to-unresolvable',
      comment: 'An import the resolver cannot follow would slip past every rule above.',
      severity: 'error',
      from: {},
      // Vite plugins' virtual modules (virtual:pwa-register) exist only inside the build.
      to: { couldNotResolve: true, pathNot: '^virtual:' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // Type-only imports count: a cycle through types still ties the files together.
    tsPreCompilationDeps: true,
    // The web app's `@/` alias, read from its tsconfig. (The tsConfig option would resolve those paths
    // from the working directory, as apps/web/tsconfig.json has no baseUrl, and find nothing.)
    webpackConfig: { fileName: 'tools/boundaries/web-aliases.cjs' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json', '.d.ts'],
    },
  },
};
