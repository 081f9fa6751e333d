import { parseAuditModelSpec } from './audit-model-spec.js';

/** Flag counts of an NLI model on a labelled set, at one τ. */
export interface MeasuredNliCounts {
  truePositives: number;
  falsePositives: number;
  falseNegatives: number;
}

/** The labelled real-text set `nli_quality` refers to (fixtures/nli-debate/README.md). */
export const NLI_QUALITY_SET = {
  file: 'fixtures/nli-debate/heldout.jsonl',
  description:
    "the held-out part of fixtures/nli-debate: 280 best-match step pairs from public multi-agent debate transcripts of a task the rules were not designed on (Du et al.'s biographies of computer scientists, four small open models), labelled by hand before any rule ran on them (5 contradictions)",
  pairs: 280,
  contradictions: 5,
  tau: 0.5,
} as const;

/**
 * The heuristic's flags on `NLI_QUALITY_SET` at τ = 0.5, as measured in
 * docs/audit-models.md ("Precision and recall on debate text"). Kept in
 * this one place; a test recomputes them from the fixture, so the figures a
 * report prints cannot drift from the rules.
 */
export const HEURISTIC_NLI_QUALITY: Readonly<Record<'aligned' | 'lexical', MeasuredNliCounts>> = Object.freeze({
  aligned: { truePositives: 0, falsePositives: 2, falseNegatives: 5 },
  lexical: { truePositives: 1, falsePositives: 8, falseNegatives: 4 },
});

/** How many of the flags on the pairs CARA scores were real, on all best-match pairs of some transcripts. */
export interface ScoredPairsCheck {
  /** Where the pairs come from. */
  description: string;
  /** File holding every flagged pair with its hand label. */
  file: string;
  /** Best-match pairs of agents whose answers agree (what CARA scores). */
  pairs: number;
  flags: number;
  realFlags: number;
}

/**
 * The aligned heuristic on every distinct best-match pair of the six dev 3
 * transcript files (not a sample; they were the held-out files of the second
 * round), flags judged by hand (docs/audit-models.md): of its flags on pairs of
 * agents that agree — the pairs CARA scores — none was real. The labelled
 * sets over-represent disagreeing agents; this is what a report's CR rests on.
 * A test re-flags the stored pairs, so the counts cannot drift from the rules.
 */
export const HEURISTIC_SCORED_PAIRS_CHECK: ScoredPairsCheck = Object.freeze({
  description: 'all 4,461 best-match pairs of agreeing agents in the six dev 3 transcript files, every flag judged by hand',
  file: 'fixtures/nli-debate/dev3-flags.jsonl',
  pairs: 4461,
  flags: 27,
  realFlags: 0,
});

/** What is known about an NLI provider's contradiction flags on real debate text. */
export interface NliQuality {
  provider: string;
  /** False: nobody has measured this provider (quorum cannot vouch for it). */
  measured: boolean;
  set: string | null;
  tau: number | null;
  precision: number | null;
  recall: number | null;
  f1: number | null;
  counts: MeasuredNliCounts | null;
  /** Flags on the pairs CARA scores, over whole transcripts (aligned heuristic only). */
  scoredPairs: ScoredPairsCheck | null;
  /** Why the figures are null, or how they relate to this audit. */
  note: string | null;
}

/**
 * The measured precision and recall of the contradiction flags of the
 * provider an audit used, on the labelled real-text set: the published
 * figures for `heuristic` (either rule set), none for any other provider —
 * a DeBERTa, a TEI server or a chat model is only as good as the user's
 * own evaluation of it says (`scripts/eval-heuristic-nli.ts <spec>`).
 */
export function nliQuality(providerId: string, tau: number): NliQuality {
  const rules = heuristicRules(providerId);
  if (rules === undefined) {
    return {
      provider: providerId,
      measured: false,
      set: null,
      tau: null,
      precision: null,
      recall: null,
      f1: null,
      counts: null,
      scoredPairs: null,
      note: `unmeasured: quorum has no precision/recall for this NLI model; measure it on ${NLI_QUALITY_SET.file} and SNLI with scripts/eval-heuristic-nli.ts "<spec>"`,
    };
  }
  const counts = HEURISTIC_NLI_QUALITY[rules];
  const flagged = counts.truePositives + counts.falsePositives;
  const real = counts.truePositives + counts.falseNegatives;
  const precision = flagged === 0 ? 0 : counts.truePositives / flagged;
  const recall = real === 0 ? 0 : counts.truePositives / real;
  return {
    provider: providerId,
    measured: true,
    set: NLI_QUALITY_SET.description,
    tau: NLI_QUALITY_SET.tau,
    precision,
    recall,
    f1: precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall),
    counts: { ...counts },
    scoredPairs: rules === 'aligned' ? { ...HEURISTIC_SCORED_PAIRS_CHECK } : null,
    note: tau === NLI_QUALITY_SET.tau ? null : `measured at τ = ${NLI_QUALITY_SET.tau}; this audit used τ = ${tau}`,
  };
}

function heuristicRules(providerId: string): 'aligned' | 'lexical' | undefined {
  try {
    const spec = parseAuditModelSpec(providerId, 'nli');
    if (spec.kind !== 'heuristic') return undefined;
    const rules = spec.options.string('rules') ?? 'aligned';
    return rules === 'aligned' || rules === 'lexical' ? rules : undefined;
  } catch {
    return undefined;
  }
}
