import { resolve } from 'node:path';
import { loadConfig } from '../config.js';
import { backup, restore } from './backup.js';

// npm run backup -- <dir> / npm run restore -- <dir>, with the server's own settings (README "Backups").
const [command, dir] = process.argv.slice(2);
if ((command !== 'backup' && command !== 'restore') || !dir) {
  console.error('usage: npm run backup -- <empty folder>  |  npm run restore -- <backup folder>');
  process.exit(2);
}
const config = loadConfig();
const manifest = command === 'backup' ? await backup(config, resolve(dir)) : await restore(config, resolve(dir));
const files = Object.entries(manifest.files)
  .map(([area, n]) => `${n} ${area}`)
  .join(', ');
console.log(
  `${command === 'backup' ? 'Backed up' : 'Restored'} the ${manifest.database} database and files (${files}) ${command === 'backup' ? 'to' : 'from'} ${resolve(dir)}`,
);
