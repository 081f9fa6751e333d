import type { Migration } from 'kysely';
import { initialSchema } from './0001-initial-schema.js';
import { auditsSchema } from './0002-audits.js';
import { studiesSchema } from './0003-studies.js';
import { unitFailuresSchema } from './0004-unit-failures.js';
import { messageBodiesSchema } from './0005-message-bodies.js';
import { auditQuestionScoresSchema } from './0006-audit-question-scores.js';

/**
 * Every migration, by name; kysely applies them in name order. Listed
 * statically rather than found by scanning a folder, so that the compiled
 * package (dist/) migrates without its sources. Add later tables (audits,
 * studies) as `0002-…` entries here; never edit an applied migration.
 */
export const migrations: Readonly<Record<string, Migration>> = Object.freeze({
  '0001-initial-schema': initialSchema,
  '0002-audits': auditsSchema,
  '0003-studies': studiesSchema,
  '0004-unit-failures': unitFailuresSchema,
  '0005-message-bodies': messageBodiesSchema,
  '0006-audit-question-scores': auditQuestionScoresSchema,
});

/** Name of the newest migration: a store at this version is up to date. */
export const latestMigration: string = Object.keys(migrations).sort().at(-1)!;
