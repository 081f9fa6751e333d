/** Agreement of quorum's verdicts with the official evaluator's, counted per variant class. */
export class Agreement {
  private readonly classes = new Map<string, { agree: number; total: number }>();
  readonly disagreements: string[] = [];

  /** Records one pair; `detail` describes a disagreement. */
  add(variantClass: string, key: string, agrees: boolean, detail: string): void {
    const row = this.classes.get(variantClass) ?? { agree: 0, total: 0 };
    row.total++;
    if (agrees) row.agree++;
    else this.disagreements.push(`${key}: ${detail}`);
    this.classes.set(variantClass, row);
  }

  get total(): number {
    return [...this.classes.values()].reduce((sum, row) => sum + row.total, 0);
  }

  /** One line per class ("class agree/total (percent)") and the overall figure, for the test's diagnostics. */
  lines(): string[] {
    const agree = [...this.classes.values()].reduce((sum, row) => sum + row.agree, 0);
    const rows = [...this.classes.entries()].sort(([a], [b]) => a.localeCompare(b));
    const percent = (part: number, whole: number): string => `${((100 * part) / whole).toFixed(2)} %`;
    return [...rows.map(([name, row]) => `${name} ${row.agree}/${row.total} (${percent(row.agree, row.total)})`), `all ${agree}/${this.total} (${percent(agree, this.total)})`];
  }
}
