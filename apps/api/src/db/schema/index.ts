export * from './users.ts';
export * from './reference.ts';
