export * from './users.ts';
export * from './reference.ts';
export * from './files.ts';
export * from './profiles.ts';
export * from './availability.ts';
export * from './wallet.ts';
export * from './payouts.ts';
export * from './verification.ts';
