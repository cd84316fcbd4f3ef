import common from './common.json';
import fair from './provably-fair.json';
import techies from './techies.json';
import account from './account.json';

/** Every text of the interface in this language: a feature with many texts keeps a file of its own (one top-level key each), merged into the one namespace. */
export default { ...common, ...fair, ...techies, ...account };
