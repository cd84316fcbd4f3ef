// The web build, kept quiet (decision 085): it runs `npm run build -w @store/web`, shows its output
// as it comes, and fails when a line says something is deprecated, a React Router future flag is
// not taken, or the bundler warns ([CODE] lines, Vite's "(!)"). `npm start` builds through it when
// there is no build, so the browser tests' first store fails on a noisy build. By hand:
// `node scripts/build-web.mjs` (WEB_BUILD_DIR moves the build, as for the build itself).
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

/** A line that says the build is not clean. */
const NOISE = [/deprecated/i, /Future Flag Warning/, /\[[A-Z][A-Z_]+\]/, /^\(!\)/];

/** The major version of the React Router build tools the web app uses. */
const reactRouterDevMajor = () =>
  Number(createRequire(path.join(root, 'apps/web/package.json'))('@react-router/dev/package.json').version.split('.')[0]);

/** What is known and let through, each with its reason. */
const ALLOWED = [
  // React Router 7's own Vite servers pass Vite 8 the old option (`envFile: false` in @react-router/dev);
  // React Router 8 passes `envDir: false` (remix-run/react-router#15230). No configuration of ours reaches them.
  (line) => line === 'The `envFile` option is deprecated, please use `envDir: false` instead.' && reactRouterDevMajor() < 8,
  // WEB_BUILD_DIR outside the project: the build never empties a folder another run may be serving.
  (line) => /^\(!\) outDir \S+ is not inside project root and will not be emptied\.$/.test(line),
];

const plain = (text) => text.replace(/\u001b\[[0-9;]*m/g, '');

/** The lines of a build's output that say it is not clean. */
export function noisyLines(output) {
  return plain(output)
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => NOISE.some((re) => re.test(line)) && !ALLOWED.some((allowed) => allowed(line)));
}

/**
 * Builds the web app; resolves when the build succeeded and said nothing it should not have.
 * `echo: false` (a first `npm start`) keeps the build's few hundred lines of progress and assets
 * to itself and shows them only when the build fails or is not quiet, so the start log stays one screen.
 */
export function buildWeb({ echo = true } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', 'build', '-w', '@store/web'], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => ((output += chunk), echo && process.stdout.write(chunk)));
    child.stderr.on('data', (chunk) => ((output += chunk), echo && process.stderr.write(chunk)));
    child.on('error', reject);
    child.on('close', (code) => {
      const shown = () => (echo ? '' : `\n${output}`);
      if (code !== 0) return reject(new Error(`the web build failed (exit code ${code})${shown()}`));
      const noisy = noisyLines(output);
      if (noisy.length) return reject(new Error(`the web build is not quiet (decision 085):\n${noisy.map((l) => `  ${l}`).join('\n')}${shown()}`));
      resolve();
    });
  });
}

if (process.argv[1] === import.meta.filename) {
  await buildWeb().catch((e) => {
    console.error(e.message);
    process.exit(1);
  });
}
