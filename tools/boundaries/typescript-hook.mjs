// Resolve hook for run.mjs: `typescript` is looked up from this workspace, wherever it is imported.
let parentURL;

export function initialize(data) {
  parentURL = data.parentURL;
}

export function resolve(specifier, context, next) {
  const isTypescript = specifier === 'typescript' || specifier.startsWith('typescript/');
  return next(specifier, isTypescript ? { ...context, parentURL } : context);
}
