// The web app's import aliases (`@/*` -> `./src/*`) in the shape dependency-cruiser's resolver takes
// (webpack's resolve.alias), read from apps/web/tsconfig.json so they are written once.
const path = require('node:path');
const { compilerOptions } = require('../../apps/web/tsconfig.json');

const webRoot = path.join(__dirname, '../../apps/web');
const stripStar = (pattern) => pattern.replace(/\/\*$/, '');

module.exports = {
  resolve: {
    alias: Object.fromEntries(
      Object.entries(compilerOptions.paths).map(([from, [to]]) => [stripStar(from), path.join(webRoot, stripStar(to))]),
    ),
  },
};
