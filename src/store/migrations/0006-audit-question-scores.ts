import type { Kysely, Migration } from 'kysely';

/** Rows read and updated per step of the backfill. */
const BACKFILL_PAGE = 1_000;

/**
 * Two per-unit audit results as columns of `audit_questions`: the size of
 * the agreement set |S(q)| and the low-CARA mark, which until now lived
 * only inside the `details` JSON (with the cosine matrices, ~2.5 kB a
 * row). The viewer's table filters and sorts on both, and reading them
 * from columns spares it parsing every unit's alignment details when a
 * large run is first opened (`TraceStore.listAuditScores`). Audits stored
 * before this migration are filled in from their `details`, so nothing is
 * lost and nothing else changes.
 */
export const auditQuestionScoresSchema: Migration = {
  async up(db: Kysely<any>): Promise<void> {
    await db.schema.alterTable('audit_questions').addColumn('agreement_size', 'integer').execute();
    await db.schema.alterTable('audit_questions').addColumn('low_cara', 'integer').execute();
    await backfill(db);
  },

  async down(db: Kysely<any>): Promise<void> {
    await db.schema.alterTable('audit_questions').dropColumn('low_cara').execute();
    await db.schema.alterTable('audit_questions').dropColumn('agreement_size').execute();
  },
};

/**
 * Fills both columns from `details`, page by page in key order. Rows of a
 * page that get the same two values are updated by one statement (a page
 * holds only a few distinct pairs), which keeps the upgrade of a
 * 10,000-unit audit to a few dozen statements on either backend.
 */
async function backfill(db: Kysely<any>): Promise<void> {
  let after: { auditId: string; position: number } | null = null;
  for (;;) {
    let select = db.selectFrom('audit_questions').select(['audit_id', 'position', 'details']);
    if (after !== null) {
      const { auditId, position } = after;
      select = select.where((eb) => eb.or([eb('audit_id', '>', auditId), eb.and([eb('audit_id', '=', auditId), eb('position', '>', position)])]));
    }
    const rows: Array<{ audit_id: string; position: number | string; details: string }> = await select.orderBy('audit_id').orderBy('position').limit(BACKFILL_PAGE).execute();
    if (rows.length === 0) return;
    const groups = new Map<string, Array<{ auditId: string; position: number }>>();
    for (const row of rows) {
      const parsed = JSON.parse(row.details) as { agreementSet?: unknown[]; details?: { lowCara?: boolean } };
      const key = `${parsed.agreementSet?.length ?? 0}:${parsed.details?.lowCara === true ? 1 : 0}`;
      const group = groups.get(key) ?? [];
      group.push({ auditId: row.audit_id, position: Number(row.position) });
      groups.set(key, group);
    }
    for (const [key, members] of groups) {
      const [agreementSize, lowCara] = key.split(':').map(Number);
      const byAudit = new Map<string, number[]>();
      for (const { auditId, position } of members) byAudit.set(auditId, [...(byAudit.get(auditId) ?? []), position]);
      for (const [auditId, positions] of byAudit) {
        await db.updateTable('audit_questions').set({ agreement_size: agreementSize, low_cara: lowCara }).where('audit_id', '=', auditId).where('position', 'in', positions).execute();
      }
    }
    const last = rows.at(-1)!;
    after = { auditId: last.audit_id, position: Number(last.position) };
  }
}
