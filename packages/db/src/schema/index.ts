export * from './customers.ts';
export * from './update-account-requests.ts';
export * from './informations.ts';
export * from './relations.ts';
