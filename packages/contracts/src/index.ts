export * from './error-body.ts';
export * from './received-error-body.ts';
export * from './error-codes.ts';
export * from './health.ts';
export * from './identity.ts';
export * from './maintenance.ts';
export * from './paths.ts';
export * from './service.ts';
