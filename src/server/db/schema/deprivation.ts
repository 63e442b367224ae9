import { boolean, doublePrecision, pgTable, smallint, text } from 'drizzle-orm/pg-core';

/**
 * Post code → area deprivation deciles (English Indices of Deprivation; 1 = most deprived 10%), and where the post code
 * lies (the ONS Postcode Directory's `lat`, `long`), from which travel is estimated; null where the directory has none.
 */
export const postcodeDeprivation = pgTable('postcode_deprivation', {
  postCode: text('post_code').primaryKey(),
  lsoaCode: text('lsoa_code').notNull(),
  incomeDecile: smallint('income_decile').notNull(),
  healthDecile: smallint('health_decile').notNull(),
  edition: text('edition').notNull(),
  latitude: doublePrecision('latitude'),
  longitude: doublePrecision('longitude'),
  /** Rows loaded by the demo seed, not from the public files. */
  isDemo: boolean('is_demo').notNull().default(false),
});
