import type { AuditRecord } from '../spec/audit-result.js';
import { sanitizeSpec } from '../backends/backend-spec.js';
import { DEFAULT_STEP_CAP } from '../parsing/segment-steps.js';
import type { StudyFile } from './study-schema.js';

/** The audit settings of a study file. */
export type StudyAuditSettings = StudyFile['audit'];

/** Whether an audit was made with the study's models, τ and step cap. */
export function auditMatchesSettings(audit: AuditRecord, settings: StudyAuditSettings): boolean {
  // Providers record their spec with secrets masked, as `sanitizeSpec` writes it.
  return audit.settings.embed === sanitizeSpec(settings.embed.trim()) && audit.settings.nli === sanitizeSpec(settings.nli.trim()) && audit.settings.tau === settings.tau && audit.settings.stepCap === (settings.stepCap ?? DEFAULT_STEP_CAP);
}

/** The audit a study uses for a run, and whether it is the study's own setting. */
export interface ChosenAudit {
  audit: AuditRecord;
  /** False when no audit with the study's settings exists and another one is shown (labelled as such). */
  matchesStudy: boolean;
}

/**
 * Chooses the audit of a run that a study reports: the newest with the
 * study's settings, else the newest of any settings (reports label it),
 * else none. `audits` are newest first, as the store lists them.
 */
export function chooseAudit(audits: readonly AuditRecord[], settings: StudyAuditSettings): ChosenAudit | null {
  const matching = audits.find((audit) => auditMatchesSettings(audit, settings));
  if (matching !== undefined) return { audit: matching, matchesStudy: true };
  return audits[0] === undefined ? null : { audit: audits[0], matchesStudy: false };
}

/** Whether an audit covers every finished unit of its run (nothing was pending or added since). */
export function auditIsComplete(audit: AuditRecord, finishedUnits: number): boolean {
  return audit.summary.pendingUnits === 0 && audit.summary.overall.units === finishedUnits;
}
