export * from './auth.ts';
export * from './content.ts';
export * from './analytics.ts';
export * from './ingest.ts';
export * from './receipts.ts';
export * from './alerts.ts';
export * from './holders.ts';
export * from './published.ts';
