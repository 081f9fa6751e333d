/** One row of `quorum protocols` / `quorum datasets`. */
export interface CatalogRow {
  name: string;
  /** Name in the literature; empty when there is none. */
  paper: string;
  description: string;
}

/** Rows as aligned lines: name, paper name, then the description. */
export function formatCatalog(rows: readonly CatalogRow[]): string {
  const name = Math.max(...rows.map((row) => row.name.length));
  const paper = Math.max(...rows.map((row) => row.paper.length));
  return rows.map((row) => `${row.name.padEnd(name)}  ${row.paper.padEnd(paper)}  ${row.description}`.trimEnd()).join('\n') + '\n';
}
