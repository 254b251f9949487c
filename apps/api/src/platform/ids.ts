/** New identifiers for modules: the database's keys (db/ids.ts), which the schema's column defaults make too. */
export { newId } from '../db/ids.ts';
