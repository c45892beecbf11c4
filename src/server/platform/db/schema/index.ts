/**
 * The portal's tables, one file per domain; everything is re-exported here so services import
 * `platform/db/schema` whatever file a table lives in. drizzle-kit reads this whole folder.
 */
export * from './coverage';
export * from './customer';
export * from './process';
export * from './auth';
export * from './queue';
export * from './outbox';
export * from './upload';
export * from './bill';
export * from './notification';
export * from './staff';
export * from './plan';
export * from './proposal';
export * from './visit';
export * from './checkout';
export * from './document';
export * from './contract';
export * from './profile';
export * from './project';
export * from './payment';
export * from './faq';
export * from './maintenance';
