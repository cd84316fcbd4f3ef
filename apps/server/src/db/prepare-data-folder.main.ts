// The child process of prepareDataFolder: `<entry> <dir> <project>` creates, migrates and seeds
// the PGlite data folder <dir>, then exits and hands all of its memory back.
import { openDatabase } from './client.ts';
import { projects } from '../config/projects.ts';
import { seedStore } from '../seed.ts';

const [dir, project] = process.argv.slice(2) as [string, 'cs' | 'dota'];
const database = await openDatabase({ dataDir: dir });
await seedStore(database.db, projects[project]);
await database.close();
