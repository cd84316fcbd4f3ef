/**
 * The verification script the instructions print: plain Node.js, no packages, so a player can
 * run it without trusting anything of ours. A unit test runs it against the shared roll.
 */
export const NODE_SNIPPET = `// node verify.js SERVER_SEED CLIENT_SEED NONCE CURSOR
const crypto = require('crypto');
const [serverSeed, clientSeed, nonce, cursor = '0'] = process.argv.slice(2);

const hash = crypto.createHash('sha256').update(serverSeed).digest('hex');
const digest = crypto
  .createHmac('sha256', serverSeed)
  .update(\`\${clientSeed}:\${nonce}:\${cursor}\`)
  .digest();
const ticket = Math.floor((digest.readUInt32BE(0) / 2 ** 32) * 100000) + 1;

console.log('sha256(server seed):', hash);
console.log('ticket:', ticket);
`;
